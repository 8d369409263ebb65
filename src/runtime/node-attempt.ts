import type { Node } from '../ir/nodes.js';
import type { Context } from './context.js';
import type { RunEventBody } from './events.js';
import { executors, type ChildRuns, type NodeOutcome, type NodeRun } from './executors/index.js';
import { RunFailure } from './errors.js';
import type { RuntimeServices } from './services.js';

/** What every attempt of a run shares. */
export interface RunShared {
  runId: string;
  services: RuntimeServices;
  skillModel?: string;
  children: ChildRuns;
  /** Whether model text is streamed as it arrives (`RunOptions.deltas`). */
  deltas: boolean;
  /** The run's stop signal, made on first use. */
  signal(): AbortSignal;
  /** Emits an event of a node. */
  report(node: Node, body: RunEventBody): void;
}

/**
 * One attempt's view of its run, as executors receive it. Built without closures: `signal` and `emit`
 * are made only when an executor reads them (most node kinds never do).
 */
export class NodeAttempt implements NodeRun {
  readonly runId: string;
  readonly services: RuntimeServices;
  readonly skillModel?: string;
  readonly children: ChildRuns;
  readonly deltas: boolean;

  constructor(
    private readonly shared: RunShared,
    readonly node: Node,
    readonly scope: Context,
    readonly resume: unknown,
    readonly childRunId: string | undefined,
    /** The attempt's own signal when the node has a timeout. */
    private readonly timeout: AbortSignal | undefined,
  ) {
    this.runId = shared.runId;
    this.services = shared.services;
    this.skillModel = shared.skillModel;
    this.children = shared.children;
    this.deltas = shared.deltas;
  }

  get signal(): AbortSignal {
    return this.timeout ?? this.shared.signal();
  }

  get emit(): (body: RunEventBody) => void {
    const { shared, node } = this;
    return (body) => shared.report(node, body);
  }
}

/** Calls the executor of a node's kind with one attempt's view of its run (its result may be a value or a promise). */
export function callExecutor(
  shared: RunShared,
  node: Node,
  scope: Context,
  resume: unknown,
  childRunId: string | undefined,
  timeout: AbortSignal | undefined,
): NodeOutcome | Promise<NodeOutcome> {
  const executor = executors[node.kind];
  if (!executor)
    throw new RunFailure(
      'unsupported_node',
      `node kind "${node.kind}" is not supported by this runtime`,
      node.id,
    );
  return executor(new NodeAttempt(shared, node, scope, resume, childRunId, timeout));
}

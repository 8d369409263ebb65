import type { CallNode, Node } from '../../ir/nodes.js';
import type { Context } from '../context.js';
import type { AwaitRequest, RunEventBody } from '../events.js';
import type { RuntimeServices } from '../services.js';
import type { Write } from '../ports/store.js';

/** What one execution of a node is given. */
export interface NodeRun<N extends Node = Node> {
  node: N;
  /** The context as this node sees it (its ancestors' writes applied). */
  scope: Context;
  signal: AbortSignal;
  runId: string;
  services: RuntimeServices;
  /** The skill's preferred model, for nodes that name none. */
  skillModel?: string;
  /** The person's validated answer when a paused node is resumed. */
  resume?: unknown;
  /** The child run a paused `call` node waits on. */
  childRunId?: string;
  /** Runs other skills, or subgraphs of this one, as child runs of this run. */
  children: ChildRuns;
  /** Whether model text is streamed as it arrives (`llm_delta` events), or each call is one answer. */
  deltas: boolean;
  emit(body: RunEventBody): void;
}

/** A child run's outcome, as the parent sees it. */
export interface ChildResult {
  runId: string;
  status: 'completed' | 'awaiting' | 'failed';
  output?: unknown;
  await?: AwaitRequest;
  error?: { code: string; message: string; step?: string };
}

/** Starting and resuming child runs. */
export interface ChildRuns {
  /** `signal` is the calling step's: its timeout or cancellation stops the child run too. */
  start(target: CallNode['target'], input: unknown, signal?: AbortSignal): Promise<ChildResult>;
  resume(childRunId: string, input: unknown, signal?: AbortSignal): Promise<ChildResult>;
}

/** What a node produced. */
export type NodeOutcome =
  /** A value, written through the node's output target. */
  | { value: unknown }
  /** Writes made directly (assign). */
  | { writes: Write[] }
  /** The run must wait for a person (for a `call`, the child run that waits). */
  | { await: AwaitRequest; childRunId?: string }
  /** The successors a route chose (node ids). */
  | { chosen: string[] }
  /** The run's output (end). */
  | { output: unknown };

/** Runs one node; pure kinds answer synchronously, the rest with a promise. */
export type Executor<N extends Node = Node> = (run: NodeRun<N>) => NodeOutcome | Promise<NodeOutcome>;

import type { Node } from '../../ir/nodes.js';
import type { Context } from '../context.js';
import type { AwaitRequest, RunEventBody } from '../events.js';
import type { RuntimeServices } from '../services.js';
import type { Write } from '../store.js';

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
  emit(body: RunEventBody): void;
}

/** What a node produced. */
export type NodeOutcome =
  /** A value, written through the node's output target. */
  | { value: unknown }
  /** Writes made directly (assign). */
  | { writes: Write[] }
  /** The run must wait for a person. */
  | { await: AwaitRequest }
  /** The successors a route chose (node ids). */
  | { chosen: string[] }
  /** The run's output (end). */
  | { output: unknown };

export type Executor<N extends Node = Node> = (run: NodeRun<N>) => Promise<NodeOutcome>;

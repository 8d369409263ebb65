import type { Skill } from '../ir/skill.js';
import type { Context } from './context.js';
import type { EventSink } from './event-sink.js';
import type { ChildRuns } from './executors/index.js';
import type { NodeRecord } from './ports/store.js';
import type { RuntimeServices } from './services.js';

/** What a run loop is given: the skill, the run, its services and records, and how to report. */
export interface LoopOptions {
  skill: Skill;
  runId: string;
  services: RuntimeServices;
  initial: Context;
  sink: EventSink;
  /** Nodes already finished (from the store); they are never run again. */
  records: readonly NodeRecord[];
  /** The validated answer for the node that paused the run. */
  resume?: { node: string; input: unknown };
  children: ChildRuns;
  signal?: AbortSignal;
  /** Whether model text is streamed as it arrives (`RunOptions.deltas`). */
  deltas: boolean;
}

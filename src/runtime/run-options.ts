import type { RunListener } from './event-sink.js';

/** How a run is started or resumed. */
export interface RunOptions {
  onEvent?: RunListener;
  signal?: AbortSignal;
  parentRunId?: string;
  /** The skill is this subgraph of the skill (a child run of a `call` node). */
  graph?: string;
  /** How many calls deep this run is (0 for a run started from outside). */
  depth?: number;
}

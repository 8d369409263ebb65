import type { RunTrigger } from './events.js';
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
  /**
   * Whether the model's text is streamed as it arrives (`llm_delta` events). Default true; a caller
   * that shows no text live (an eval cell, `--json`) passes false, and each call is then one answer,
   * which costs less (bench/eval.ts).
   */
  deltas?: boolean;
  /**
   * A start's idempotency key: a start with a key some earlier start used (within the time keys are
   * kept) makes no run and returns that start's run, or is refused (`idempotency_conflict`) when it
   * gave another skill or input. Ignored for child runs.
   */
  idempotencyKey?: string;
  /** A URL told of this run's completion, failure or pause (besides the config's webhooks); http or https. */
  webhook?: string;
  /** A scheduled start's schedule and tick, recorded in its `run_started` event. */
  trigger?: RunTrigger;
  /** Told the run's id once the run is stored (before it runs): how `Skein.start` returns at once. */
  onCreated?: (runId: string) => void;
  /**
   * Resume: move the run to the newest version of its skill first, when it is compatible (the event
   * `upgraded`), or refuse with `upgrade_incompatible` naming each difference.
   */
  upgrade?: boolean;
}

import type { AwaitRequest, RunError } from './events.js';
import type { NodeRecord } from './ports/store.js';

/**
 * How a run (or this part of it) came out: the one thing the run loop decides and the runtime records.
 * A pause is provisional while other steps are still in flight: a completion or a failure decided
 * after it wins (see `decide`).
 */
export type Outcome =
  | { kind: 'completed'; output: unknown }
  /** `record` is the waiting node's (of this run); `request.step` may name a step inside a child run. */
  | { kind: 'awaiting'; request: AwaitRequest; record: NodeRecord }
  | { kind: 'failed'; error: RunError };

/** The outcome once `next` is decided after `current`: the first final one stays; a pause gives way to a final one. */
export function decide(current: Outcome | undefined, next: Outcome): Outcome {
  if (!current) return next;
  return current.kind === 'awaiting' && next.kind !== 'awaiting' ? next : current;
}

/** Whether an outcome ends the run for good (completed or failed), so that steps in flight stop. */
export function isFinal(outcome: Outcome | undefined): boolean {
  return outcome !== undefined && outcome.kind !== 'awaiting';
}

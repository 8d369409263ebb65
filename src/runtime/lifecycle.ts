import type { RunEvent, RunStatus } from './events.js';
import type { RunRecord, RunStore } from './ports/store.js';

/** The fields a move may set besides the status. */
export type MoveFields = Partial<
  Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil' | 'skill'>
>;

interface Move {
  from: readonly RunStatus[];
  to: RunStatus;
  /** Fields the move empties unless the caller sets them. */
  clears: readonly (keyof MoveFields)[];
}

/**
 * Every way a run's status may change, in one table (docs/runtime.md, "A run's life"): a run is
 * created `running`; it pauses (`awaiting`) and is answered back to `running`; it ends `completed` or
 * `failed`, and nothing leaves those. The runtime changes a run's status only through `moveRun`, by the
 * name of a row, so no other move can be made.
 */
export const LIFECYCLE = {
  /** A process takes over a running run that no live process drives (queued, or its process died). */
  claim: { from: ['running'], to: 'running', clears: [] },
  /** A person's answer continues a paused run (here, or queued with the answer for a worker). */
  answer: { from: ['awaiting'], to: 'running', clears: [] },
  /** The run waits for a person; no process holds it meanwhile. */
  pause: { from: ['running'], to: 'awaiting', clears: ['owner'] },
  complete: { from: ['running'], to: 'completed', clears: ['owner', 'awaiting'] },
  fail: { from: ['running'], to: 'failed', clears: ['owner', 'awaiting'] },
  /** A paused run is cancelled: nobody drives it, so whoever asks fails it. */
  cancelPaused: { from: ['awaiting'], to: 'failed', clears: ['owner', 'awaiting'] },
} as const satisfies Record<string, Move>;

export type MoveName = keyof typeof LIFECYCLE;

/**
 * Moves a run by a row of `LIFECYCLE`, atomically: only if its status is the row's `from` and, when
 * `expectOwner` is given, its owner is that one (`null`: none). `events` are stored in the same
 * transaction. False when the run was not in that state.
 */
export function moveRun(
  store: RunStore,
  runId: string,
  name: MoveName,
  fields: MoveFields = {},
  expectOwner?: string | null,
  events?: RunEvent[],
): Promise<boolean> {
  const move: Move = LIFECYCLE[name];
  const all: MoveFields = {};
  for (const field of move.clears) all[field] = undefined;
  return store.transition(runId, move.from, move.to, Object.assign(all, fields), expectOwner, events);
}

/** Which statuses each status may move to, as the table allows. */
export function nextStatuses(): ReadonlyMap<RunStatus, ReadonlySet<RunStatus>> {
  const next = new Map<RunStatus, Set<RunStatus>>(
    (['running', 'awaiting', 'completed', 'failed'] as const).map((s) => [s, new Set()]),
  );
  for (const move of Object.values(LIFECYCLE) as Move[])
    for (const from of move.from) next.get(from)!.add(move.to);
  return next;
}

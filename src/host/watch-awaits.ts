import { Bell, type RunWake } from '../runtime/index.js';
import type { PendingAwait } from './awaits.js';

/** A change of the inbox: the pending questions at first, then each one added or removed. */
export type AwaitChange =
  | { type: 'snapshot'; awaits: PendingAwait[] }
  | { type: 'added'; await: PendingAwait }
  | { type: 'removed'; runId: string };

export interface WatchAwaitsOptions {
  /** Ends the watch (between two reads). */
  signal?: AbortSignal;
  /** How long to wait for a wake-up before reading the store anyway (default 1000 ms). */
  pollMs?: number;
}

/**
 * The inbox as it changes (docs/operations.md, "The inbox"): a snapshot of `read()`, then the questions
 * added and removed since, read again each time `wake` tells that a run changed status and at least every
 * `pollMs` (runs of other processes without a shared wake-up; waits that grow old enough for a filter).
 */
export async function* watchAwaits(
  read: () => Promise<PendingAwait[]>,
  wake: RunWake,
  options: WatchAwaitsOptions = {},
): AsyncGenerator<AwaitChange> {
  const { signal, pollMs = 1000 } = options;
  const bell = new Bell();
  // After the runtime's synchronous store writes for the change (SQLite, memory) are done.
  const unwatch = wake.watchAll(() => setImmediate(bell.ring));
  try {
    let shown = keyed(await read());
    yield { type: 'snapshot', awaits: [...shown.values()] };
    while (!signal?.aborted) {
      await bell.wait(pollMs, signal);
      if (signal?.aborted) return;
      const now = keyed(await read());
      for (const [key, pending] of shown) if (!now.has(key)) yield { type: 'removed', runId: pending.runId };
      for (const [key, pending] of now) if (!shown.has(key)) yield { type: 'added', await: pending };
      shown = now;
    }
  } finally {
    unwatch();
  }
}

/** The questions by run, step and wait: a run answered that waits again is one removed and one added. */
function keyed(awaits: PendingAwait[]): Map<string, PendingAwait> {
  return new Map(awaits.map((a) => [`${a.runId} ${a.step} ${a.since}`, a]));
}

import { EPHEMERAL_EVENTS, type RunEvent } from './events.js';
import type { RunRecord, RunStore } from './ports/store.js';
import type { RunWake } from './ports/wake.js';
import { Bell } from './bell.js';

/** One event of a followed run; `stored` ones have their `seq` in the log, the others were only streamed. */
export interface FollowedEvent {
  event: RunEvent;
  stored: boolean;
}

export interface FollowRunOptions {
  /** Only events with a greater `seq` (default: all). */
  after?: number;
  /** What tells the follower that the run may have moved on; without one, the store is read every `pollMs`. */
  wake?: RunWake;
  /** Ends the follower (between two reads). */
  signal?: AbortSignal;
  /** How long to wait for a wake-up before reading the store anyway (default 1000 ms). */
  pollMs?: number;
  /**
   * Keep following a run whose process died (its lease lapsed) until another process takes it over and
   * it ends; by default the follower ends there, as the run will not move until someone resumes it.
   */
  waitForTakeover?: boolean;
}

/** The events after which a run has stopped, unless a resume has already started it again. */
const STOP_EVENTS: ReadonlySet<string> = new Set(['completed', 'failed', 'awaiting']);

/**
 * A run's events (docs/runtime.md, "Following a run"): the stored ones after `after`, then new ones as
 * they are stored, until the run is no longer running (completed, failed, awaiting) or its process is
 * gone, or `signal` aborts. Each wake-up reads only the events after the last one seen; the run's
 * status is read at the start, after a stopping event and when no wake-up came for `pollMs`. Events
 * that are only streamed (`llm_delta`) come from the wake-up, in `seq` order with the stored ones.
 */
export async function* followRun(
  store: RunStore,
  runId: string,
  options: FollowRunOptions = {},
): AsyncGenerator<FollowedEvent> {
  const { wake, signal, pollMs = 1000 } = options;
  let last = options.after ?? -1;
  const streamed: RunEvent[] = [];
  const bell = new Bell();
  const unwatch = wake?.watch(runId, (event) => {
    if (event && EPHEMERAL_EVENTS.has(event.type)) streamed.push(event);
    // After the runtime's synchronous store writes for this event (SQLite, memory) are done.
    setImmediate(bell.ring);
  });
  try {
    let readStatus = true;
    let missedOnce = false;
    while (!signal?.aborted) {
      // The status is read before the events: once a run has stopped, all its events are stored.
      const run = readStatus ? await store.getRun(runId) : undefined;
      const stored = await store.events(runId, last);
      const live = streamed.splice(0).filter((event) => event.seq > last);
      const batch = [
        ...stored.map((event) => ({ event, stored: true })),
        ...live.map((event) => ({ event, stored: false })),
      ];
      // In `seq` order: a model's text streamed while a step ran comes before the step's end.
      for (const item of batch.sort((a, b) => a.event.seq - b.event.seq)) {
        if (item.stored) last = item.event.seq;
        yield item;
      }
      if (readStatus && hasStopped(run, options.waitForTakeover)) {
        // A run this process is starting may not be stored yet (its first event is emitted before):
        // with a wake-up to hear it, it is looked for once more.
        if (run || !wake || missedOnce) return;
        missedOnce = true;
        await bell.wait(pollMs, signal);
        continue;
      }
      readStatus = STOP_EVENTS.has(stored.at(-1)?.type ?? '') || !(await bell.wait(pollMs, signal));
    }
  } finally {
    unwatch?.();
  }
}

/** Whether a follower is done with a run: gone, no longer running, or (unless waiting) its process died. */
function hasStopped(run: RunRecord | undefined, waitForTakeover = false): boolean {
  if (!run || run.status !== 'running') return true;
  return !waitForTakeover && (run.leaseUntil ?? Infinity) < Date.now();
}

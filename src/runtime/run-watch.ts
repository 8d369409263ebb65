import { LEASE_MS, OWNER } from './lease.js';
import type { RunStore } from './ports/index.js';

/** How often driven runs look for a cancel request from another process. */
const CANCEL_POLL_MS = 200;
/** Leases are renewed every this many polls (a third of the lease). */
const RENEW_EVERY = Math.round(LEASE_MS / 3 / CANCEL_POLL_MS);

/** What the watch needs of a run this process drives. */
export interface WatchedRun {
  abort(): void;
}

/**
 * Watches over the runs this process drives, with one timer for all of them (a timer per run cost as
 * much as a small run when thousands start at once): renews their leases, and aborts a run when another
 * process asked the store to cancel it. The timer runs only while there are runs to watch.
 */
export class RunWatch {
  private timer: NodeJS.Timeout | undefined;
  private polls = 0;

  constructor(
    private readonly store: RunStore,
    private readonly runs: ReadonlyMap<string, WatchedRun>,
  ) {}

  /** Makes sure the runs are watched: call it when one starts. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.poll(), CANCEL_POLL_MS);
    this.timer.unref();
  }

  private poll(): void {
    if (!this.runs.size) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const renew = ++this.polls % RENEW_EVERY === 0;
    for (const [runId, run] of this.runs) {
      if (renew) void this.store.renewLease(runId, OWNER, Date.now() + LEASE_MS).catch(() => {});
      void this.store.cancelRequested(runId).then(
        (asked) => asked && run.abort(),
        () => {},
      );
    }
  }
}

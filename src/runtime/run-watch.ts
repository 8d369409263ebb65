import { LEASE_MS, OWNER } from './lease.js';
import type { RunStore } from './ports/index.js';

/** How often a driven run looks for a cancel request from another process. */
const CANCEL_POLL_MS = 200;
/** The lease is renewed every this many polls (a third of the lease). */
const RENEW_EVERY = Math.round(LEASE_MS / 3 / CANCEL_POLL_MS);

/**
 * Watches over a run while this process drives it: renews its lease, and calls `cancel` when another
 * process asked the store to cancel it. Returns the function that stops watching.
 */
export function watchRun(store: RunStore, runId: string, cancel: () => void): () => void {
  let polls = 0;
  const timer = setInterval(() => {
    if (++polls % RENEW_EVERY === 0)
      void store.renewLease(runId, OWNER, Date.now() + LEASE_MS).catch(() => {});
    void store.cancelRequested(runId).then(
      (asked) => asked && cancel(),
      () => {},
    );
  }, CANCEL_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

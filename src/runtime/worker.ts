import { LEASE_MS, ownerIsGone } from './lease.js';
import type { RunQueue, RunRecord, RunStore } from './ports/index.js';
import type { Runtime } from './runtime.js';

/** How often a worker looks for runs whose process died. */
export const SWEEP_MS = 2000;
/** A run queued again by a sweep is not queued again before this. */
const REQUEUE_AFTER_MS = LEASE_MS;
/** A run nobody took this long after it was queued (its job was lost) is queued again. */
const UNTAKEN_MS = 60_000;

/**
 * Makes a runtime a worker: it drives the runs `queue` hands over, at most `concurrency` at a time, and
 * every `SWEEP_MS` queues again the runs whose process died. Returns how to stop (which waits for the
 * runs in hand; runs paused on a person hold no worker).
 */
export async function startWorker(
  runtime: Runtime,
  queue: RunQueue,
  concurrency: number,
  onError: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  const stopWork = await queue.work(concurrency, async (runId) => void (await runtime.take(runId)));
  const queued = new Map<string, number>();
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    requeueOrphans(runtime.services.store, queue, queued)
      .catch(onError)
      .finally(() => (sweeping = false));
  };
  // A worker that starts looks at once: it may be the one replacing a worker that died.
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await stopWork();
  };
}

/** Queues again the runs still marked running that nobody drives: their process is gone, or nobody took them. */
async function requeueOrphans(store: RunStore, queue: RunQueue, queued: Map<string, number>): Promise<void> {
  const now = Date.now();
  for (const [id, at] of queued) if (at < now - REQUEUE_AFTER_MS) queued.delete(id);
  let cursor: string | undefined;
  do {
    const page = await store.listRuns({ status: 'running', limit: 500, cursor });
    for (const run of page.runs)
      if (orphaned(run, now) && !queued.has(run.id)) {
        queued.set(run.id, now);
        await queue.enqueue(run.id);
      }
    cursor = page.next;
  } while (cursor);
}

function orphaned(run: RunRecord, now: number): boolean {
  if (run.parentRunId) return false;
  if (run.owner) return ownerIsGone(run.owner, run.leaseUntil, now);
  return Date.parse(run.updatedAt) < now - UNTAKEN_MS;
}

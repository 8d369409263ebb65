import { LEASE_MS, ownerIsGone } from './lease.js';
import type { RunQueue, RunRecord, RunStore } from './ports/index.js';
import type { Runtime } from './runtime.js';

/** How often a worker looks for runs whose process died. */
export const SWEEP_MS = 1000;
/** A run queued again by a sweep is not queued again before this. */
const REQUEUE_AFTER_MS = LEASE_MS;
/** A run nobody took this long after it was queued (its job was lost) is queued again. */
const UNTAKEN_MS = 60_000;

/**
 * What a worker did, one entry per fact (docs/operations.md, "Worker logs"): it claimed a run (`from`,
 * the dead owner, on a takeover), queued again a run whose owner is gone, failed a run whose step kept
 * crashing its workers, or met an error (retried, never fatal).
 */
export type WorkerLogEntry =
  | { event: 'claimed'; runId: string }
  | { event: 'took_over'; runId: string; from: string }
  | { event: 'requeued'; runId: string; owner?: string }
  | { event: 'crashed'; runId: string; step?: string; message: string }
  | { event: 'error'; message: string };

/**
 * Makes a runtime a worker: it drives the runs `queue` hands over, at most `concurrency` at a time, and
 * every `SWEEP_MS` queues again, ahead of the runs waiting, the runs whose process died. Returns how to
 * stop (which waits for the runs in hand; runs paused on a person hold no worker).
 */
export async function startWorker(
  runtime: Runtime,
  queue: RunQueue,
  concurrency: number,
  log: (entry: WorkerLogEntry) => void = () => {},
): Promise<() => Promise<void>> {
  const take = async (runId: string) => {
    const result = await runtime.take(runId, {}, (from) =>
      log(from ? { event: 'took_over', runId, from } : { event: 'claimed', runId }),
    );
    if (result?.error?.code === 'worker_crashed')
      log({ event: 'crashed', runId, step: result.error.step, message: result.error.message });
  };
  const queued = new Map<string, number>();
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    requeueOrphans(runtime.services.store, queue, queued, log)
      .catch((e: Error) => log({ event: 'error', message: e.message }))
      .finally(() => (sweeping = false));
  };
  // A worker that starts looks at once: it may be the one replacing a worker that died.
  sweep();
  const stopWork = await queue.work(concurrency, take);
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await stopWork();
  };
}

/** Queues again the runs still marked running that nobody drives: their process is gone, or nobody took them. */
async function requeueOrphans(
  store: RunStore,
  queue: RunQueue,
  queued: Map<string, number>,
  log: (entry: WorkerLogEntry) => void,
): Promise<void> {
  const now = Date.now();
  for (const [id, at] of queued) if (at < now - REQUEUE_AFTER_MS) queued.delete(id);
  let cursor: string | undefined;
  do {
    const page = await store.listRuns({ status: 'running', limit: 500, cursor });
    for (const run of page.runs)
      if (orphaned(run, now) && !queued.has(run.id)) {
        queued.set(run.id, now);
        await queue.enqueue(run.id);
        log({ event: 'requeued', runId: run.id, ...(run.owner ? { owner: run.owner } : {}) });
      }
    cursor = page.next;
  } while (cursor);
}

function orphaned(run: RunRecord, now: number): boolean {
  if (run.parentRunId) return false;
  if (run.owner) return ownerIsGone(run.owner, run.leaseUntil, now);
  return Date.parse(run.updatedAt) < now - UNTAKEN_MS;
}

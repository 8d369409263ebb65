import { RunRefused, runNotFound } from './errors.js';
import { isoNow } from './clock.js';
import type { RunError, RunEvent } from './events.js';
import { ownerIsGone } from './lease.js';
import { moveRun } from './lifecycle.js';
import type { RunRecord, RunStore } from './ports/index.js';

/** A run this process is driving: how to stop it, and when it has stopped. */
export interface DrivenRun {
  abort(): void;
  readonly settled: Promise<void>;
}

const CANCELLED: RunError = { code: 'cancelled', message: 'the run was cancelled' };
/** How often to look whether another process has stopped a run it was asked to cancel. */
const POLL_MS = 50;

/**
 * Cancels a run that has not ended and returns it, now failed with code `cancelled`: a run this process
 * drives is aborted (in-flight model and tool calls see the signal); a run that awaits a person, or
 * whose process is gone, is failed here with one conditional transition; a run held by another live
 * process is asked through the store and awaited up to `waitMs` (it may still be running then).
 */
export async function cancelRun(
  store: RunStore,
  driven: ReadonlyMap<string, DrivenRun>,
  runId: string,
  waitMs: number,
): Promise<RunRecord> {
  // A resume or a pause may move the run between the read and the transition: then look again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const run = await store.getRun(runId);
    if (!run) throw runNotFound(runId);
    if (run.status === 'completed' || run.status === 'failed')
      throw new RunRefused('run_ended', `run ${runId} cannot be cancelled: it has already ${run.status}`);
    const local = driven.get(runId);
    if (local) {
      local.abort();
      await local.settled;
    } else if (run.status === 'awaiting') {
      if (!(await failHere(store, run, 'awaiting'))) continue;
      for (const record of await store.nodes(runId))
        if (record.status === 'awaiting' && record.childRunId)
          await cancelRun(store, driven, record.childRunId, waitMs).catch(() => {});
    } else if (ownerIsGone(run.owner, run.leaseUntil)) {
      if (!(await failHere(store, run, 'running'))) continue;
    } else if (await store.requestCancel(runId)) {
      const until = Date.now() + waitMs;
      while ((await store.getRun(runId))?.status === 'running' && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    } else continue;
    return (await store.getRun(runId))!;
  }
  throw new RunRefused('run_busy', `run ${runId} kept changing state; try to cancel it again`);
}

/**
 * Fails a run nobody is driving with `error` (default: cancelled), if it is still in state `from` (and
 * held by the same owner), and logs it.
 */
export async function failHere(
  store: RunStore,
  run: RunRecord,
  from: 'awaiting' | 'running',
  error: RunError = CANCELLED,
): Promise<boolean> {
  const moved =
    from === 'awaiting'
      ? await moveRun(store, run.id, 'cancelPaused', { error })
      : await moveRun(store, run.id, 'fail', { error }, run.owner ?? null);
  if (!moved) return false;
  const last = (await store.events(run.id)).at(-1)?.seq ?? -1;
  const event: RunEvent = { type: 'failed', error, runId: run.id, seq: last + 1, at: isoNow() };
  await store.appendEvents([event]);
  return true;
}

// `limits.awaitTimeout` (docs/operations.md, "The inbox"): a run that has awaited a person longer fails
// with `await_timeout`, found by serve and worker as they sweep, or by a resume that comes too late.
import { failHere } from './cancel-run.js';
import { RunRefused } from './errors.js';
import type { RunError } from './events.js';
import type { RunRecord, RunStore } from './ports/index.js';

/** Runs read per page while sweeping. */
const PAGE = 200;

/** Whether a run has awaited longer than `timeoutMs` at `now` (since its last change: its pause). */
export function awaitExpired(run: RunRecord, timeoutMs: number | undefined, now = Date.now()): boolean {
  return timeoutMs !== undefined && run.status === 'awaiting' && now - Date.parse(run.updatedAt) > timeoutMs;
}

/** The error an expired run fails with. */
export function awaitTimeoutError(run: RunRecord, timeoutMs: number): RunError {
  return {
    code: 'await_timeout',
    message: `no answer came within ${formatMs(timeoutMs)} (limits.awaitTimeout) at step "${run.awaiting?.step ?? '?'}"`,
    ...(run.awaiting?.step ? { step: run.awaiting.step } : {}),
  };
}

/** Fails an expired awaiting run (and the child runs it awaits); false when it moved on meanwhile. */
export async function expireAwait(store: RunStore, run: RunRecord, timeoutMs: number): Promise<boolean> {
  if (!(await failHere(store, run, 'awaiting', awaitTimeoutError(run, timeoutMs)))) return false;
  for (const record of await store.nodes(run.id))
    if (record.status === 'awaiting' && record.childRunId) {
      const child = await store.getRun(record.childRunId);
      if (child?.status === 'awaiting')
        await failHere(store, child, 'awaiting', awaitTimeoutError(child, timeoutMs));
    }
  return true;
}

/** Fails every top-level run that has awaited longer than `timeoutMs`; returns their ids. */
export async function expireAwaits(store: RunStore, timeoutMs: number, now = Date.now()): Promise<string[]> {
  const expired: RunRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listRuns({ status: 'awaiting', limit: PAGE, ...(cursor ? { cursor } : {}) });
    for (const run of page.runs) if (!run.parentRunId && awaitExpired(run, timeoutMs, now)) expired.push(run);
    cursor = page.next;
  } while (cursor);
  const failed: string[] = [];
  for (const run of expired) if (await expireAwait(store, run, timeoutMs)) failed.push(run.id);
  return failed;
}

function formatMs(ms: number): string {
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const)
    if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms} ms`;
}

/**
 * A resume that comes after the await's time is up: the run fails, and the resume is refused (the
 * promise rejects). No promise when the time is not up: most resumes pass here.
 */
export function refuseExpired(
  store: RunStore,
  run: RunRecord,
  timeoutMs: number | undefined,
): Promise<never> | undefined {
  if (timeoutMs === undefined || !awaitExpired(run, timeoutMs)) return undefined;
  return expireAwait(store, run, timeoutMs).then(() => {
    throw new RunRefused(
      'await_timeout',
      `run ${run.id} cannot be resumed: ${awaitTimeoutError(run, timeoutMs).message}`,
    );
  });
}

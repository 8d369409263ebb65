import {
  followRun,
  resultOf,
  runNotFound,
  type RunListener,
  type RunResult,
  type RunStore,
  type RunWake,
} from '../runtime/index.js';

/** Without a wake-up, the store is read again this often while a run is awaited… */
const POLL_MS = 1000;
/** …and this often when its events are followed. */
const FOLLOW_MS = 100;

export interface AwaitOptions {
  /** Only events after this `seq` are handed to `onEvent` (default: all). */
  after?: number;
  onEvent?: RunListener;
  /** Aborting cancels the run (through `cancel`), whose end is then awaited. */
  signal?: AbortSignal;
  cancel(): Promise<unknown>;
}

/**
 * Follows a run that another process (a worker) drives with `followRun`, handing its events to
 * `onEvent` in order, and returns how it came out once it is no longer running (completed, failed or
 * awaiting a person); a run whose worker died is followed on until another worker has taken it over.
 */
export async function awaitRun(
  store: RunStore,
  wake: RunWake,
  runId: string,
  options: AwaitOptions,
): Promise<RunResult> {
  let cancelling: Promise<unknown> | undefined;
  const onAbort = () => (cancelling ??= options.cancel().catch(() => {}));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  try {
    const pollMs = options.onEvent ? FOLLOW_MS : POLL_MS;
    const events = followRun(store, runId, { after: options.after, wake, pollMs, waitForTakeover: true });
    for await (const { event } of events) options.onEvent?.(event);
    const run = await store.getRun(runId);
    if (!run) throw runNotFound(runId);
    return resultOf(run);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await cancelling;
  }
}

import type { RunEvent, RunListener, RunQueue, RunRecord, RunResult, RunStore } from '../runtime/index.js';

/** The store is read again this often while a run is awaited (at once when the queue tells it ended)… */
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
 * Follows a run that another process (a worker) drives: hands its stored events to `onEvent` in order and
 * returns how it came out once it is no longer running (completed, failed or awaiting a person).
 */
export async function awaitRun(
  store: RunStore,
  queue: RunQueue,
  runId: string,
  options: AwaitOptions,
): Promise<RunResult> {
  let last = options.after ?? -1;
  let wake: (() => void) | undefined;
  let rung = false;
  const ring = () => ((rung = true), wake?.());
  const unwatch = queue.watch(runId, ring);
  let cancelling: Promise<unknown> | undefined;
  const onAbort = () => ((cancelling ??= options.cancel().catch(() => {})), ring());
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  try {
    for (;;) {
      // The status is read before the events: once a run has stopped, all its events are stored.
      const run = await store.getRun(runId);
      for (const event of await store.events(runId, last)) {
        last = event.seq;
        options.onEvent?.(event as RunEvent);
      }
      if (!run) throw new Error(`run ${runId} is no longer in the store`);
      if (run.status !== 'running') return resultOf(run);
      if (!rung)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.onEvent ? FOLLOW_MS : POLL_MS);
          wake = () => (clearTimeout(timer), resolve());
        });
      wake = undefined;
      rung = false;
    }
  } finally {
    unwatch();
    options.signal?.removeEventListener('abort', onAbort);
    await cancelling;
  }
}

/** What a stopped run came to, as `Runtime.start` returns it. */
function resultOf(run: RunRecord): RunResult {
  if (run.status === 'completed') return { runId: run.id, status: 'completed', output: run.output };
  if (run.status === 'awaiting' && run.awaiting) {
    const { node: _node, answer: _answer, ...request } = run.awaiting;
    return { runId: run.id, status: 'awaiting', await: request };
  }
  return {
    runId: run.id,
    status: 'failed',
    error: run.error ?? { code: 'failed', message: 'the run failed' },
  };
}

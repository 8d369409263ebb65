import { RunRefused } from './errors.js';
import type { RunStore } from './ports/store.js';

/** The refusal of a resume of a run that is not paused (nor stopped with its process), saying what it is. */
export async function notAwaiting(store: RunStore, runId: string): Promise<RunRefused> {
  const run = await store.getRun(runId);
  const state =
    run?.status === 'running'
      ? 'it is running in another process'
      : run?.status === 'completed'
        ? 'it has already completed'
        : run?.status === 'failed'
          ? 'it has failed'
          : `it is ${run?.status}`;
  return new RunRefused('not_awaiting', `run ${runId} cannot be resumed: ${state}`);
}

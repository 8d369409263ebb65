import type { EventSink } from './event-sink.js';
import type { AwaitRequest, RunError, RunStatus } from './events.js';
import { OWNER } from './lease.js';
import { moveRun } from './lifecycle.js';
import type { Outcome } from './outcome.js';
import type { RunRecord, RunStore } from './ports/store.js';

/** What a run came to, as `skein run --json` prints it. */
export interface RunResult {
  runId: string;
  status: Exclude<RunStatus, 'running'>;
  output?: unknown;
  await?: AwaitRequest;
  error?: RunError;
}

/** What a stopped run came to, read from the store (a run another process drove, say). */
export function resultOf(run: RunRecord): RunResult {
  if (run.status === 'completed') return { runId: run.id, status: 'completed', output: run.output };
  if (run.status === 'awaiting' && run.awaiting) {
    const { node: _node, answer: _answer, ...request } = run.awaiting;
    return { runId: run.id, status: 'awaiting', await: request };
  }
  return {
    runId: run.id,
    status: 'failed',
    error: run.error ?? { code: 'internal', message: 'the run failed' },
  };
}

/**
 * Records how a run this process holds ended (or paused), with its last events in the same
 * transaction, and says so: the run's `awaiting` is reported only once it is stored.
 */
export async function recordOutcome(
  store: RunStore,
  runId: string,
  outcome: Outcome,
  sink: EventSink,
): Promise<RunResult> {
  if (outcome.kind === 'completed') {
    sink.emit({ type: 'completed', output: outcome.output });
    await moveRun(store, runId, 'complete', { output: outcome.output }, OWNER, sink.take());
    return { runId, status: 'completed', output: outcome.output };
  }
  if (outcome.kind === 'awaiting') {
    // Made field by field: a spread of the request gave each run's its own hidden class (measured).
    const { step, message, inputSchema, card } = outcome.request;
    const awaiting: AwaitRequest = { step, message, inputSchema, node: outcome.record.node };
    if (card !== undefined) awaiting.card = card;
    await moveRun(store, runId, 'pause', { awaiting }, OWNER, sink.take());
    return { runId, status: 'awaiting', await: outcome.request };
  }
  sink.emit({ type: 'failed', error: outcome.error });
  await moveRun(store, runId, 'fail', { error: outcome.error }, OWNER, sink.take());
  return { runId, status: 'failed', error: outcome.error };
}

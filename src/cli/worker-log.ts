import type { WorkerLogEntry } from '../runtime/index.js';

/** What a worker (or server) process says besides its runs: starting, stopping, retention. */
export type WorkerNote =
  | { event: 'started'; concurrency: number }
  | { event: 'stopping'; signal: string; graceMs: number }
  | { event: 'left_runs'; message: string }
  | { event: 'pruned'; runs: number; sources: number }
  | { event: 'await_timeout'; runs: string[] }
  | { event: 'scheduled'; schedule: string; tick: string; runId: string };

/**
 * One JSON line on stderr per thing a worker did (docs/operations.md, "Worker logs"): `at`, `pid`,
 * `event`, then the entry's fields (`run` for a run's id).
 */
export function workerLogLine(entry: WorkerLogEntry | WorkerNote): string {
  const { event, ...rest } = entry;
  const fields: Record<string, unknown> = { at: new Date().toISOString(), pid: process.pid, event };
  for (const [key, value] of Object.entries(rest)) fields[key === 'runId' ? 'run' : key] = value;
  return JSON.stringify(fields) + '\n';
}

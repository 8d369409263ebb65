import type { SkeinConfig } from '../config/config.js';
import { PRUNE_EVERY_MS, type Skein } from '../host/index.js';
import type { WorkerLogEntry } from '../runtime/index.js';
import type { WorkerNote } from './worker-log.js';

/**
 * Retention for `serve` and `worker`: when `retention.runs` is set, prunes now and hourly
 * (`SKEIN_PRUNE_EVERY_MS` changes the interval, for tests), logging each prune that deleted something
 * and each error as a worker log line. Returns how to stop it.
 */
export function keepRetention(
  skein: Skein,
  config: SkeinConfig,
  log: (entry: WorkerLogEntry | WorkerNote) => void,
): () => Promise<void> {
  if (config.retention.runsMs === undefined) return async () => {};
  const everyMs = Number(process.env.SKEIN_PRUNE_EVERY_MS) || PRUNE_EVERY_MS;
  return skein.pruneEvery(everyMs, (report) => {
    if (report instanceof Error) log({ event: 'error', message: `pruning runs: ${report.message}` });
    else if (report.runs.length || report.sources)
      log({ event: 'pruned', runs: report.runs.length, sources: report.sources });
  });
}

import type { SkeinConfig } from '../config/config.js';
import { PRUNE_EVERY_MS, type Skein } from '../host/index.js';
import type { WorkerLogEntry } from '../runtime/index.js';
import type { WorkerNote } from './worker-log.js';

/** How often `serve` and `worker` look for runs past `limits.awaitTimeout` by default. */
const AWAIT_SWEEP_MS = 60_000;

/**
 * Housekeeping for `serve` and `worker`: fires the `schedules:`; when `retention.runs` is set, prunes now and hourly
 * (`SKEIN_PRUNE_EVERY_MS` changes the interval, for tests); when `limits.awaitTimeout` is set, fails
 * the runs that awaited longer, now and every minute (`SKEIN_AWAIT_SWEEP_MS`). Each prune that deleted
 * something, each expiry and each error is a worker log line. Returns how to stop it.
 */
export function keepRetention(
  skein: Skein,
  config: SkeinConfig,
  log: (entry: WorkerLogEntry | WorkerNote) => void,
): () => Promise<void> {
  const stops = [pruning(skein, config, log), expiring(skein, config, log), scheduling(skein, config, log)];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

function pruning(skein: Skein, config: SkeinConfig, log: (entry: WorkerNote | WorkerLogEntry) => void) {
  if (config.retention.runsMs === undefined) return async () => {};
  const everyMs = Number(process.env.SKEIN_PRUNE_EVERY_MS) || PRUNE_EVERY_MS;
  return skein.pruneEvery(everyMs, (report) => {
    if (report instanceof Error) log({ event: 'error', message: `pruning runs: ${report.message}` });
    else if (report.runs.length || report.sources)
      log({ event: 'pruned', runs: report.runs.length, sources: report.sources });
  });
}

function scheduling(skein: Skein, config: SkeinConfig, log: (entry: WorkerNote | WorkerLogEntry) => void) {
  if (!config.schedules.length) return async () => {};
  return skein.runSchedules(({ schedule, at, runId, error }) => {
    if (error) log({ event: 'error', message: `schedule ${schedule} at ${at}: ${error.message}` });
    else log({ event: 'scheduled', schedule, tick: at, runId: runId! });
  });
}

function expiring(skein: Skein, config: SkeinConfig, log: (entry: WorkerNote | WorkerLogEntry) => void) {
  if (config.limits.awaitTimeoutMs === undefined) return async () => {};
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= skein
      .expireAwaits()
      .then(
        (runs) => runs.length && log({ event: 'await_timeout', runs }),
        (e: unknown) => log({ event: 'error', message: `failing expired awaits: ${String(e)}` }),
      )
      .then(() => (running = undefined));
  };
  sweep();
  const timer = setInterval(sweep, Number(process.env.SKEIN_AWAIT_SWEEP_MS) || AWAIT_SWEEP_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

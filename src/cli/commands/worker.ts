import { loadConfig } from '../../config/load-config.js';
import { openSkein } from '../../host/index.js';
import { parseCommandArgs } from '../args.js';
import { printError } from '../print-error.js';
import { workerSpec } from '../specs/worker.js';
import { UsageError } from '../usage-error.js';
import { workerLogLine } from '../worker-log.js';
import { keepRetention } from '../retention.js';
import { batchedLines } from '../batched-lines.js';

/** Runs driven at a time by default. */
export const DEFAULT_CONCURRENCY = 4;

/**
 * `skein worker [--concurrency N]`: drives queued runs until SIGTERM or SIGINT, then lets those in hand
 * finish. It logs one JSON line on stderr per claim, takeover, crash and error (docs/operations.md).
 */
export async function workerCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, workerSpec.options);
  if (positionals.length) throw new UsageError('worker takes no arguments');
  const concurrency = Number(values.concurrency ?? DEFAULT_CONCURRENCY);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
    throw new UsageError('--concurrency is a whole number from 1 to 256');
  const json = Boolean(values.json);
  const config = loadConfig();
  if (!/^postgres(ql)?:\/\//.test(config.store)) {
    return printError(json, {
      code: 'worker_needs_postgres',
      message: `skein worker: the store is "${config.store}"; workers share runs through PostgreSQL: set store: postgres://… in skein.yaml or SKEIN_STORE`,
    });
  }
  const write = batchedLines();
  const log = (entry: Parameters<typeof workerLogLine>[0]) => write(workerLogLine(entry));
  const skein = openSkein({ config, onWorkerLog: log });
  skein.schedules(); // a bad cron or time zone is a config error before the worker starts
  let stop: () => Promise<void>;
  let stopDeliverer: () => Promise<void>;
  try {
    await skein.open();
    stop = await skein.work(concurrency);
    stopDeliverer = await skein.deliverWebhooks();
  } catch (e) {
    await skein.close().catch(() => {});
    return printError(json, {
      code: 'worker_failed',
      message: `skein worker: cannot start: ${(e as Error).message}`,
    });
  }
  if (json) process.stdout.write(JSON.stringify({ worker: process.pid, concurrency }) + '\n');
  log({ event: 'started', concurrency });
  const stopPruner = keepRetention(skein, config, log);
  const signal = await new Promise<string>((resolve) => {
    let stopping = false;
    const onSignal = (name: string) => (stopping ? process.exit(1) : ((stopping = true), resolve(name)));
    process.on('SIGTERM', onSignal).on('SIGINT', onSignal);
  });
  const grace = config.server.shutdownGraceMs;
  log({ event: 'stopping', signal, graceMs: grace });
  await stopDeliverer();
  await stopPruner();
  const stopped = await Promise.race([
    stop().then(() => true),
    new Promise<false>((resolve) => setTimeout(resolve, grace, false).unref()),
  ]);
  if (!stopped) {
    log({
      event: 'left_runs',
      message: 'runs still going were left as they are: another worker takes them over',
    });
    process.exit(0);
  }
  await skein.close();
  return 0;
}

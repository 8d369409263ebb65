import { postgresAvailable, createDatabase } from '../test/helpers/postgres.js';
import { serverEnv, startServer } from '../test/helpers/server.js';
import { startWorker } from '../test/helpers/workers.js';

/** Server starts timed per store, after the first. */
const STARTS = 5;
/** Runs posted one after another for the latency measure, after 5 to warm up. */
const POSTS = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)];

/** Milliseconds from spawning `skein serve` to its URL line (it answers from then on). */
async function ready(env: Record<string, string>, args: string[] = []): Promise<number> {
  const t0 = performance.now();
  const server = await startServer(env, args);
  const ms = performance.now() - t0;
  await server.stop();
  return ms;
}

/** Milliseconds from each `POST /v1/skills/greet/runs` to its completed answer, one at a time. */
async function latencies(url: string): Promise<number[]> {
  const post = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/skills/greet/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { name: 'Ada' } }),
    });
    const body = (await res.json()) as { status?: string };
    if (body.status !== 'completed') throw new Error(`run not completed: ${JSON.stringify(body)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 5; i++) await post();
  const out: number[] = [];
  for (let i = 0; i < POSTS; i++) out.push(await post());
  return out;
}

/**
 * `skein serve` on PostgreSQL: ready time (first start on a new database, which creates Skein's and
 * pg-boss's schemas, then the median of later starts) beside SQLite; and a one-step run from POST to
 * its completed answer through the queue with an idle `skein worker` (the server with `--no-worker`),
 * beside the same POST run in the server's process on SQLite.
 */
export async function benchServePostgres(): Promise<void> {
  if (!(await postgresAvailable())) return;
  const lines = [
    '\n[serve-postgres] skein serve on PostgreSQL (targets: ready <= 2 s; POST to completed p50 <= 50 ms)',
  ];
  const sqliteEnv = serverEnv();
  const sqliteReady = median(await seq(STARTS, () => ready(sqliteEnv)));
  const db = await createDatabase('bench_serve');
  try {
    const env = serverEnv({ SKEIN_STORE: db.url });
    const first = await ready(env);
    const later = median(await seq(STARTS, () => ready(env)));
    lines.push(
      `  ready: PostgreSQL first start ${first.toFixed(0)} ms, later starts ${later.toFixed(0)} ms (median of ${STARTS}); ` +
        `SQLite ${sqliteReady.toFixed(0)} ms`,
    );
    const [server, worker] = await Promise.all([startServer(env, ['--no-worker']), startWorker(env)]);
    const local = await startServer(sqliteEnv);
    try {
      const queued = await latencies(server.url);
      const inProcess = await latencies(local.url);
      lines.push(
        `  POST to completed, one template step, ${POSTS} one at a time: through the queue with an idle worker ` +
          `p50 ${pct(queued, 0.5).toFixed(1)} ms, p90 ${pct(queued, 0.9).toFixed(1)} ms; ` +
          `in process on SQLite p50 ${pct(inProcess, 0.5).toFixed(1)} ms, p90 ${pct(inProcess, 0.9).toFixed(1)} ms`,
      );
    } finally {
      await Promise.all([server.stop(), worker.stop(), local.stop()]);
    }
  } finally {
    await db.drop();
  }
  console.log(lines.join('\n'));
}

/** `n` results of `f`, one after another. */
async function seq<T>(n: number, f: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await f());
  return out;
}

if (process.argv[1] === import.meta.filename) await benchServePostgres();

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/load-config.js';
import { openSkein } from '../src/host/index.js';
import { createDatabase, postgresAvailable } from '../test/helpers/postgres.js';
import { dispatchingSkein, marks, sharedStore, startWorker, waitFor } from '../test/helpers/workers.js';

const ROOT = join(import.meta.dirname, '..');
const FIXTURE = join(ROOT, 'test/fixtures/workers');
/** Short runs queued at once for each throughput measure. */
const RUNS = 300;

/** Runs one peer of the chain benchmark in its own process. */
function peer(name: string, url: string): { msPerStep: number; cpuUsPerStep: number } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'workers-peer.ts'), name, url],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`workers bench (${name}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Starts `skein worker` processes and waits until each takes runs. */
function startWorkers(n: number, env: Record<string, string>): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: n }, () => {
      const child = spawn(
        process.execPath,
        [join(ROOT, 'bin/skein.js'), 'worker', '--json', '--concurrency', '4'],
        {
          env: { ...process.env, ...env },
        },
      );
      return new Promise<ChildProcess>((resolve, reject) => {
        child.stdout.once('data', () => resolve(child));
        child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
      });
    }),
  );
}

/** Short runs (three tool steps) per second, queued by one process and driven by `n` worker processes. */
async function throughput(n: number): Promise<number> {
  const db = await createDatabase('bench_workers');
  const env = {
    SKEIN_STORE: db.url,
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-bench-workers-')),
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    MARKS_FILE: join(tmpdir(), `skein-bench-marks-${process.pid}.txt`),
  };
  const workers = await startWorkers(n, env);
  const skein = openSkein({ config: loadConfig(FIXTURE, { ...process.env, ...env }), dispatch: true });
  try {
    await skein.open();
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: RUNS }, (_, i) => skein.run('chain', { label: `r${i}` })),
    );
    const seconds = (performance.now() - t0) / 1000;
    if (results.some((r) => r.status !== 'completed')) throw new Error('a run did not complete');
    return RUNS / seconds;
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    await skein.close();
    await db.drop();
  }
}

/** Runs queued behind a run whose worker is killed, in the takeover measure. */
const BACKLOG = 100;

/**
 * Seconds from SIGKILLing a worker inside a step of a run to that step starting again on another worker
 * (two `skein worker` processes, `BACKLOG` runs queued), and how many queued runs were claimed first.
 */
async function takeover(): Promise<{ seconds: number; claimedFirst: number }> {
  const store = await sharedStore('bench_takeover');
  const skein = dispatchingSkein(store);
  // The first worker's steps never end: it is killed inside one.
  const first = await startWorker({ ...store.env, MARK_MS: '600000' }, ['--concurrency', '1']);
  let second: Awaited<ReturnType<typeof startWorker>> | undefined;
  try {
    const orphan = skein.run('chain', { label: 'orphan' });
    await waitFor(() => first.stderr().includes('"claimed"'));
    const orphanId = JSON.parse(
      first
        .stderr()
        .split('\n')
        .find((l) => l.includes('"claimed"'))!,
    ).run;
    await waitFor(async () => (await skein.events(orphanId)).some((e) => e.type === 'node_started'));
    second = await startWorker({ ...store.env, MARK_MS: '100' }, ['--concurrency', '4']);
    const backlog = Array.from({ length: BACKLOG }, (_, i) => skein.run('chain', { label: `b${i}` }));
    await waitFor(() => marks(store).length >= 1);
    const killed = Date.now();
    await first.stop('SIGKILL');
    await orphan;
    const events = await skein.events(orphanId);
    const lost = events.findIndex((e) => e.type === 'node_failed' && e.lost);
    const again = events.slice(lost).find((e) => e.type === 'node_started')!;
    const lines = second.stderr().split('\n');
    const at = lines.findIndex((l) => l.includes('"took_over"'));
    const claimedFirst = lines.slice(0, at).filter((l) => l.includes('"claimed"')).length;
    await Promise.all(backlog);
    return { seconds: (Date.parse(again.at) - killed) / 1000, claimedFirst };
  } finally {
    await Promise.all([first.stop('SIGKILL'), second?.stop('SIGKILL')]);
    await skein.close();
    await store.drop();
  }
}

/**
 * PostgreSQL and workers: wall time per step of a 100-step chain of tool steps (each durable) on the
 * PostgreSQL store, beside the SQLite store and LangGraph.js with its PostgreSQL checkpointer; then
 * throughput of short runs queued for 1, 2 and 4 `skein worker` processes (4 runs each at a time).
 */
export async function benchWorkers(): Promise<void> {
  if (!(await postgresAvailable())) return;
  const lines = ['\n[workers] PostgreSQL store and workers (targets: >= 3× less per step than LangGraph.js)'];
  const db = await createDatabase('bench_chain');
  try {
    const pg = peer('skein-postgres', db.url);
    const sqlite = peer('skein-sqlite', db.url);
    const lang = peer('langgraph-postgres', db.url);
    const f = (p: { msPerStep: number; cpuUsPerStep: number }) =>
      `${p.msPerStep.toFixed(2)} ms (CPU ${p.cpuUsPerStep.toFixed(0)} µs)`;
    lines.push(
      `  100 tool steps, per step: skein on PostgreSQL ${f(pg)}, on SQLite ${f(sqlite)}; ` +
        `langgraph.js + PostgresSaver ${f(lang)} (${(lang.msPerStep / pg.msPerStep).toFixed(1)}× skein on PostgreSQL)`,
    );
  } finally {
    await db.drop();
  }
  const rates: string[] = [];
  for (const n of [1, 2, 4])
    rates.push(`${n} worker${n > 1 ? 's' : ''} ${(await throughput(n)).toFixed(0)} runs/s`);
  lines.push(`  ${RUNS} short runs (3 tool steps) queued at once: ${rates.join(', ')}`);
  const t = await takeover();
  lines.push(
    `  worker SIGKILLed in a step with ${BACKLOG} runs queued: the step starts again on the other worker ` +
      `${t.seconds.toFixed(2)} s later (target <= 5 s), after ${t.claimedFirst} of the queued runs were claimed`,
  );
  console.log(lines.join('\n'));
}

// `bench/workers.ts takeover` measures only the takeover.
if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === 'takeover') console.log(await takeover());
  else await benchWorkers();
}

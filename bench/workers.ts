import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/load-config.js';
import { openSkein } from '../src/host/index.js';
import { createDatabase, postgresAvailable } from '../test/helpers/postgres.js';

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
  console.log(lines.join('\n'));
}

if (process.argv[1] === import.meta.filename) await benchWorkers();

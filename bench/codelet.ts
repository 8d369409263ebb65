import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { bench, group, run, summary } from 'mitata';
import type { CodeSpec } from '../src/ir/nodes.js';
import { createPythonSandbox } from '../src/code/python/index.js';

const ROOT = join(import.meta.dirname, '..');
const SOURCE = 'def main(context):\n    return {"total": context["price"] * context["quantity"], "ok": True}';
const CODELET: CodeSpec = { language: 'python', source: SOURCE, entry: 'main' };
const INPUT = { price: 25.5, quantity: 3 };
const EXPECTED = JSON.stringify({ total: 76.5, ok: true });

/**
 * Codelet call overhead: the first call in a fresh process (start a worker, load Pyodide; and from
 * the snapshot file an earlier process left, as the CLI does), the first call of a later
 * interpreter in the same process (started from Pyodide's memory snapshot),
 * and the warm round trip of a trivial `main(context)` (mitata), beside `python3 -c` per call.
 */
export async function benchCodelet(): Promise<void> {
  const cold = coldFirstCalls();
  // What the CLI does: the snapshot kept in $SKEIN_HOME/cache by an earlier process.
  const snapshotDir = mkdtempSync(join(tmpdir(), 'skein-bench-snapshot-'));
  coldFirstCalls(snapshotDir);
  const coldFromFile = coldFirstCalls(snapshotDir);
  rmSync(snapshotDir, { recursive: true, force: true });
  const sandbox = createPythonSandbox({ workers: 1 });
  const first = await timed(() => sandbox.run(CODELET, INPUT));
  if (JSON.stringify(first.value) !== EXPECTED)
    throw new Error(`codelet answered ${JSON.stringify(first.value)}`);
  const second = createPythonSandbox({ workers: 1 });
  const fromSnapshot = await timed(() => second.run(CODELET, INPUT));
  await second.close();
  const python = pythonSubprocess();
  const echo = echoWorker();

  group('codelet call, warm', () => {
    summary(() => {
      bench('skein sandbox: run main(context) round trip', async () => {
        await sandbox.run(CODELET, INPUT);
      }).baseline(true);
      bench('floor: postMessage echo to a worker thread', () => echo.send(INPUT));
    });
  });
  const { benchmarks } = await run();
  await sandbox.close();
  await echo.close();
  const [warm, floor] = benchmarks.map((b) => b.runs[0]?.stats);
  const warmUs = (warm?.avg ?? NaN) / 1000;
  console.log(
    `\n[codelet] warm round trip ${warmUs.toFixed(0)} µs avg, ${((warm?.p50 ?? NaN) / 1000).toFixed(0)} µs median (target <= 200); ` +
      `a bare postMessage echo to a worker takes ${((floor?.avg ?? NaN) / 1000).toFixed(0)} µs here; ` +
      `first call in a fresh process ${ms(cold)} (target <= 4000), ${ms(coldFromFile)} with the snapshot an earlier process left on disk; ` +
      `first call of a later interpreter (from the snapshot) ${fromSnapshot.ms.toFixed(0)} ms; ` +
      `python3 -c per call ${python === undefined ? 'n/a (no python3)' : `${python.toFixed(1)} ms = ${((python * 1000) / warmUs).toFixed(0)}x the warm call`}`,
  );
}

/** Median time to the first answer in a fresh Node process (the built sandbox), three processes. */
function coldFirstCalls(snapshotDir?: string): number | undefined {
  const entry = join(ROOT, 'dist/sandbox/index.js');
  if (!existsSync(entry)) return undefined;
  const script = `
    import { createPythonSandbox } from ${JSON.stringify(entry)};
    const t0 = performance.now();
    const sandbox = createPythonSandbox({ workers: 1, snapshotDir: ${JSON.stringify(snapshotDir)} });
    const value = await sandbox.run(${JSON.stringify(CODELET)}, ${JSON.stringify(INPUT)});
    const ms = performance.now() - t0;
    await sandbox.close();
    console.log(JSON.stringify({ ms, value }));`;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cold codelet run failed: ${r.stderr}`);
    const { ms, value } = JSON.parse(r.stdout) as { ms: number; value: unknown };
    if (JSON.stringify(value) !== EXPECTED) throw new Error(`cold codelet answered ${JSON.stringify(value)}`);
    times.push(ms);
  }
  return times.sort((a, b) => a - b)[1];
}

/** Median wall time of the same codelet through `python3 -c` (JSON in on stdin, out on stdout), 15 runs. */
function pythonSubprocess(): number | undefined {
  const script = `import json, sys\n${SOURCE}\nprint(json.dumps(main(json.load(sys.stdin)), separators=(",", ":")))`;
  const input = JSON.stringify(INPUT);
  // The interpreter itself, not a version manager's shim in front of it (pyenv's adds ~100 ms).
  const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) return undefined;
  const executable = found.stdout.trim();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    const r = spawnSync(executable, ['-c', script], { input, encoding: 'utf8' });
    times.push(performance.now() - t0);
    if (r.error) return undefined;
    if (r.stdout.trim() !== EXPECTED) throw new Error(`python3 answered ${r.stdout}${r.stderr}`);
  }
  return times.sort((a, b) => a - b)[7];
}

/** A worker thread that sends back what it is sent: the floor under any worker round trip. */
function echoWorker(): { send(message: unknown): Promise<unknown>; close(): Promise<number> } {
  const worker = new Worker(
    "const { parentPort } = require('node:worker_threads'); parentPort.on('message', (m) => parentPort.postMessage(m));",
    { eval: true },
  );
  return {
    send: (message) =>
      new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage(message);
      }),
    close: () => worker.terminate(),
  };
}

function ms(value: number | undefined): string {
  return value === undefined ? 'n/a (run npm run build)' : `${value.toFixed(0)} ms`;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

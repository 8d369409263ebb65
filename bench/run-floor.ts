import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const RUNS = 30_000;

/** One peer in its own process over dist/: CPU µs per run. */
function peer(mode: string): number {
  const r = spawnSync(
    process.execPath,
    [join(import.meta.dirname, 'run-floor-peer.mjs'), mode, String(RUNS)],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`run floor bench (${mode}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as { usPerRun: number }).usPerRun;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The server benchmark's run (one template step, in-memory store) through `Runtime.start`, beside the
 * least any stored run costs (bench/run-floor-peer.mjs): how much of a run's CPU is the runtime's own
 * machinery, and so how far the HTTP target can be reached by making the runtime leaner. Rounds
 * alternate the peers; the median of five each.
 */
export function benchRunFloor(): void {
  if (!existsSync(join(import.meta.dirname, '../dist/runtime/index.js'))) {
    console.log('\n[run floor] skipped: run `npm run build` first');
    return;
  }
  const runtime: number[] = [];
  const floor: number[] = [];
  for (let round = 0; round < 5; round++) {
    runtime.push(peer('runtime'));
    floor.push(peer('floor'));
  }
  const r = median(runtime);
  const f = median(floor);
  console.log(
    `\n[run floor] ${RUNS.toLocaleString('en-US')} runs of one template step, 32 at once, in-memory store, CPU per run (median of 5):\n` +
      `  Runtime.start ${r.toFixed(1)} µs; the least a stored run does, by hand ${f.toFixed(1)} µs; runtime / floor ${(r / f).toFixed(2)}×`,
  );
}

if (import.meta.filename === process.argv[1]) benchRunFloor();

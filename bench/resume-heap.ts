import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROUNDS = 10;
const PER_ROUND = 10_000;

/**
 * Heap over 100,000 resumes on SQLite, in a process of its own: the heap after each round of 10,000
 * runs paused and resumed, after a garbage collection. Flat means no cache keyed by object identity
 * (an await's schema read back from the store is a new object each time) keeps growing.
 */
export function benchResumeHeap(): void {
  const r = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      join(import.meta.dirname, 'resume-heap-peer.ts'),
      String(ROUNDS),
      String(PER_ROUND),
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`resume-heap bench: ${r.stderr}`);
  const { heapMb } = JSON.parse(r.stdout) as { heapMb: number[] };
  const growth = heapMb[heapMb.length - 1] - heapMb[0];
  console.log(
    `\n[resume heap] ${(ROUNDS * PER_ROUND).toLocaleString('en-US')} runs paused and resumed on SQLite, heap after each 10,000 (MB, after GC): ` +
      `${heapMb.map((m) => m.toFixed(1)).join(', ')}; growth from the first round to the last ${growth.toFixed(1)} MB ` +
      `(${((growth * 2 ** 20) / ((ROUNDS - 1) * PER_ROUND)).toFixed(0)} bytes per run; target: flat)`,
  );
}

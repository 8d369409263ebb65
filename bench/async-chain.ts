import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

interface PerStep {
  usPerStep: number;
  wallUsPerStep: number;
}

/** Runs one peer of the chain benchmarks in its own process (see bench/chain-peer.ts). */
function peer(...args: string[]): PerStep {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'chain-peer.ts'), ...args],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`async chain bench (${args.join(' ')}): ${r.stderr}`);
  return JSON.parse(r.stdout) as PerStep;
}

const us = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} µs`;
const SIZES = [10, 100, 1_000, 10_000];

/**
 * Chains of asynchronous tool steps (each awaits its tool), CPU (and wall) time per step at 10 to
 * 10,000 steps, in memory and on SQLite, each size in its own process, beside a hand-written loop
 * awaiting the same tool per step (on SQLite also committing a row per step). The cost per step must
 * not grow with the chain: the scheduler looks at each node once per predecessor, not at every node
 * per wake-up.
 */
export function benchAsyncChain(): void {
  const lines = [
    '\n[async chain] chains of asynchronous tool steps, CPU (wall) per step (target: 10,000 steps <= 1.5× 10 steps)',
  ];
  for (const store of ['memory', 'sqlite']) {
    const growth = SIZES.map((n) => [n, peer('skein', store, String(n), 'tool')] as const);
    const floor = peer('floor', store, '100', 'tool');
    lines.push(
      `  ${store}: ${growth.map(([n, t]) => `${n.toLocaleString('en-US')} steps ${us(t.usPerStep)} (${us(t.wallUsPerStep)})`).join(', ')}; ` +
        `10,000 / 10 = ${(growth[3][1].usPerStep / growth[0][1].usPerStep).toFixed(2)}×; ` +
        `hand-written loop, 100 steps: ${us(floor.usPerStep)} (${us(floor.wallUsPerStep)})`,
    );
  }
  console.log(lines.join('\n'));
}

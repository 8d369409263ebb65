import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** Wall time of `skein validate one-file.md` from a cold process (the built bin), median of 15 runs. */
export function benchColdValidate(): void {
  const bin = join(ROOT, 'bin/skein.js');
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) {
    console.log('\n[cold validate] skipped: run `npm run build` first');
    return;
  }
  const file = join(ROOT, 'examples/skills/order_confirmation.md');
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [bin, 'validate', file], { encoding: 'utf8' });
    times.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`validate failed: ${r.stdout}${r.stderr}`);
  }
  const node = spawnTimes(() => spawnSync(process.execPath, ['-e', '0']));
  times.sort((a, b) => a - b);
  console.log(
    `\n[cold validate] skein validate one-file.md: median ${times[7].toFixed(0)} ms wall (target <= 200); ` +
      `a bare \`node -e 0\` takes ${node.toFixed(0)} ms here`,
  );
}

function spawnTimes(f: () => unknown): number {
  const t: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[4];
}

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPTIONAL_FEATURES } from '../src/ir/optional-packages.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * The packed package installed as a user installs it, on a clean machine as far as npm can tell (an
 * empty cache, so every package is downloaded; better-sqlite3 compiles when no prebuilt binary can be
 * fetched): time, size of node_modules and number of packages, lean and with every optional part.
 */
export function benchInstall(): void {
  const dir = mkdtempSync(join(tmpdir(), 'skein-install-'));
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as { filename: string; size: number }[];
    const tarball = join(dir, packed!.filename);
    console.log(
      `\n[install] npm install of the packed package (${(packed!.size / 1e6).toFixed(1)} MB tarball), empty npm cache`,
    );
    const optional = OPTIONAL_FEATURES.flatMap((f) => f.packages);
    for (const [name, extra] of [
      ['lean (default)', []],
      ['with every optional part', optional],
    ] as const) {
      const app = join(dir, name.split(' ')[0]!);
      mkdirSync(app);
      execFileSync('npm', ['init', '-y'], { cwd: app, stdio: 'ignore' });
      const t0 = performance.now();
      const r = spawnSync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--cache', join(app, '.cache'), tarball, ...extra],
        { cwd: app, encoding: 'utf8' },
      );
      const seconds = (performance.now() - t0) / 1000;
      if (r.status !== 0) throw new Error(`npm install failed: ${r.stderr}`);
      rmSync(join(app, '.cache'), { recursive: true, force: true });
      const mb = Number(
        execFileSync('du', ['-sm', join(app, 'node_modules')], { encoding: 'utf8' }).split('\t')[0],
      );
      const packages = countPackages(join(app, 'node_modules'));
      console.log(
        `  ${name.padEnd(26)} ${seconds.toFixed(0)} s, ${mb} MB, ${packages} packages (target <= 60 s, <= 100 MB)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function countPackages(modules: string): number {
  let n = 0;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    if (entry.name.startsWith('@')) n += readdirSync(join(modules, entry.name)).length;
    else n += 1;
    if (!entry.name.startsWith('@')) {
      try {
        n += countPackages(join(modules, entry.name, 'node_modules'));
      } catch {
        // no nested node_modules
      }
    }
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) benchInstall();

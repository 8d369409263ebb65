import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPTIONAL_FEATURES } from '../src/ir/optional-packages.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * The packed package installed as a user installs it, on a clean machine as far as npm can tell (an
 * empty cache, so every package is downloaded; better-sqlite3 compiles when no prebuilt binary can be
 * fetched): time, size of node_modules and number of packages, lean and with every optional part.
 */
export async function benchInstall(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-install-'));
  const mirror = await prebuiltMirror(dir);
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
    for (const [name, extra, env] of [
      ['lean (default)', [], {}],
      ['with every optional part', optional, {}],
      // What a machine that reaches GitHub gets: better-sqlite3's prebuilt binary instead of a compile.
      ['lean, prebuilt SQLite', [], { npm_config_better_sqlite3_binary_host: mirror.url }],
    ] as const) {
      const app = join(dir, name.replace(/\W+/g, '-'));
      mkdirSync(app);
      execFileSync('npm', ['init', '-y'], { cwd: app, stdio: 'ignore' });
      const t0 = performance.now();
      const r = spawnSync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--cache', join(app, '.cache'), tarball, ...extra],
        { cwd: app, encoding: 'utf8', env: { ...process.env, ...env } },
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
    mirror.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * better-sqlite3's binary as its GitHub release serves it (a tarball of build/Release/better_sqlite3.node,
 * taken from this checkout's compiled copy), served from 127.0.0.1 in a process of its own.
 */
async function prebuiltMirror(dir: string): Promise<{ url: string; stop: () => void }> {
  const pkg = join(ROOT, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const folder = join(dir, 'mirror', `v${version}`);
  mkdirSync(folder, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(folder, name), '-C', pkg, 'build/Release/better_sqlite3.node']);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'install/prebuilt-mirror.ts'), join(dir, 'mirror')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url, stop: () => child.kill() };
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

if (import.meta.url === `file://${process.argv[1]}`) await benchInstall();

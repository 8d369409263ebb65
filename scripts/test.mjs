#!/usr/bin/env node
// Runs the test tiers with Node's own test runner through tsx (CONTRIBUTING.md, "Test tiers").
//   npm test                 both tiers: unit, then integration
//   npm test -- unit         test/unit only: no build, no child process, database, browser or thread pool
//   npm test -- integration  test/integration only (builds first, unless dist/ is newer than every source
//                            of the build: it drives the built `skein`)
//   npm test -- aegis        files whose path contains "aegis", in whichever tier they are
// The unit tier runs in one process per core, each importing a share of the files, so tsx and the
// sources load once per process instead of once per file. Integration files run one process each, as
// many at once as there are cores. In CI (CI=true) a JUnit report goes to test-results/.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.mjs';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const cores = Math.max(1, availableParallelism());

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : walk(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const all = walk(join(root, 'test'))
  .map((f) => relative(root, f))
  .sort();
const wanted = all.filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (wanted.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const unit = wanted.filter((f) => f.startsWith(join('test', 'unit')));
const integration = wanted.filter((f) => !unit.includes(f));

/** Node's test runner over some entry files, with a JUnit report in CI; returns the exit status. */
function runNode(entries, tier) {
  const args = ['--import', 'tsx', '--test', `--test-concurrency=${cores}`];
  args.push('--test-reporter=spec', '--test-reporter-destination=stdout');
  if (process.env.CI) {
    mkdirSync(join(root, 'test-results'), { recursive: true });
    args.push('--test-reporter=junit', `--test-reporter-destination=test-results/junit-${tier}.xml`);
  }
  return spawnSync(process.execPath, [...args, ...entries], { stdio: 'inherit', cwd: root }).status ?? 1;
}

/** The unit files split into one share per core, largest first onto the lightest share. */
function shares(files) {
  const buckets = Array.from({ length: Math.min(cores, files.length) }, () => ({ size: 0, files: [] }));
  const sized = files.map((f) => ({ f, size: statSync(join(root, f)).size })).sort((a, b) => b.size - a.size);
  for (const { f, size } of sized) {
    const lightest = buckets.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.size += size;
    lightest.files.push(f);
  }
  return buckets.map((b) => b.files.sort());
}

let status = 0;
if (unit.length > 0) {
  const dir = mkdtempSync(join(tmpdir(), 'skein-unit-'));
  const entries = shares(unit).map((files, i) => {
    const entry = join(dir, `share-${i + 1}.test.mts`);
    writeFileSync(
      entry,
      files.map((f) => `import ${JSON.stringify(pathToFileURL(join(root, f)).href)};\n`).join(''),
    );
    return entry;
  });
  status = runNode(entries, 'unit');
  rmSync(dir, { recursive: true, force: true });
}
if (integration.length > 0) {
  if (buildIsCurrent()) console.log('dist/ is newer than every source of the build: not built again');
  else {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  status = runNode(integration, 'integration') || status;
}
process.exit(status);

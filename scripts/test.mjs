#!/usr/bin/env node
// Runs every test/**/*.test.ts file with Node's own test runner through tsx.
// Arguments narrow the run: `npm test -- aegis` runs files whose path contains "aegis"; `npm test -- unit`
// runs test/unit only (no build, no child processes), `npm test -- integration` the tests that spawn the
// built CLI, MCP servers, the Python sandbox or use PostgreSQL. The build runs first only when an
// integration test is selected. In CI (CI=true) it also writes a JUnit report to test-results/junit.xml.
import { readdirSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : walk(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const files = walk(join(root, 'test'))
  .map((f) => relative(root, f))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

if (files.some((f) => f.startsWith(join('test', 'integration')))) {
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    cwd: root,
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=2',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
];
if (process.env.CI) {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  args.push('--test-reporter=junit', '--test-reporter-destination=test-results/junit.xml');
}
const result = spawnSync(process.execPath, [...args, ...files], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);

// The unit tier stays fast and self-contained (CONTRIBUTING.md, "Test tiers"): no child process,
// database server, browser, thread pool or fuzzing, read off what its files and their helpers import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('../../../', import.meta.url).pathname;
const UNIT = join(ROOT, 'test/unit');
const TEST = join(ROOT, 'test');

/** Packages that start processes, servers, browsers or threads, or that fuzz. */
const BELONGS_IN_INTEGRATION = new Map([
  ['child_process', 'starts a process'],
  ['worker_threads', 'starts threads'],
  ['pg', 'talks to PostgreSQL'],
  ['pg-boss', 'talks to PostgreSQL'],
  ['playwright-core', 'drives a browser'],
  ['fast-check', 'fuzzes'],
]);
/** Unit files allowed an exception for now, each with the reason (keep this list empty). */
const PENDING: Record<string, string> = {};

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'fixtures'
        ? []
        : testFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The bare packages a test file uses, through its own imports and those of the test helpers it imports. */
function packagesOf(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) {
      found.add(fileName.replace(/^node:/, '').split('/')[0]);
      continue;
    }
    const target = resolve(dirname(file), fileName).replace(/\.js$/, '.ts');
    if (target.startsWith(TEST) && !target.includes('/fixtures/'))
      for (const p of packagesOf(target, seen)) found.add(p);
  }
  return found;
}

test('unit test files start no process, server, browser or thread, and do not fuzz', () => {
  const wrong: string[] = [];
  for (const file of testFiles(UNIT).filter((f) => f.endsWith('.test.ts'))) {
    const name = relative(ROOT, file);
    if (PENDING[name]) continue;
    for (const pkg of packagesOf(file)) {
      const why = BELONGS_IN_INTEGRATION.get(pkg);
      if (why) wrong.push(`${name} ${why} (imports ${pkg}): move it to test/integration`);
    }
  }
  assert.equal(wrong.join('\n'), '');
});

test('the tier check reads real imports', () => {
  const helpers = packagesOf(join(TEST, 'integration/tools/fifo.test.ts'));
  assert.ok(helpers.has('child_process'));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileReport, loadForCheck, loadPaths } from '../../../src/skills/index.js';

const EXAMPLES = new URL('../../../examples/skills/', import.meta.url).pathname;

test('a large folder checked on every core gives the units of a plain load, in the same order', async (t) => {
  if (availableParallelism() < 2) return t.skip('one core: no threads are started');
  const root = mkdtempSync(join(tmpdir(), 'skein-threads-'));
  const entries = readdirSync(EXAMPLES);
  for (let i = 0; i < 320; i++) {
    const entry = entries[i % entries.length];
    cpSync(join(EXAMPLES, entry), join(root, `copy${String(i).padStart(3, '0')}`, entry), {
      recursive: true,
    });
  }
  writeFileSync(join(root, 'copy319', 'broken.skill.json'), '{"name": "x", "mode": 3');
  writeFileSync(join(root, 'copy319', 'notes.txt'), 'not a skill');
  const threaded = await loadForCheck([root]);
  const plain = await loadPaths([root]);
  assert.equal(threaded.units.length, plain.units.length);
  assert.deepEqual(threaded.units.map(fileReport), plain.units.map(fileReport));
  assert.deepEqual(threaded.skipped, plain.skipped);
  const broken = threaded.units.find((u) => u.path.endsWith('broken.skill.json'));
  assert.ok(broken?.diagnostics.some((d) => d.severity === 'error'));
  assert.ok(threaded.threads >= 2, `loaded by ${threaded.threads} thread(s)`);
});

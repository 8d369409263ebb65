import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SkillLibrary } from '../../../src/skills/library.js';
import { loadPaths } from '../../../src/skills/load-paths.js';

const GREET = readFileSync(join(import.meta.dirname, '../../fixtures/aegis/greet.md'), 'utf8');
const withVersion = (v: string) => GREET.replace('**version**: 2.0.0', `**version**: ${v}`);

async function library(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'skein-lib-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return new SkillLibrary((await loadPaths([dir])).units);
}

test('several versions per id: the highest semver by default, id@version picks one', async () => {
  const lib = await library({
    'a.md': withVersion('1.2.0'),
    'b.md': withVersion('1.10.0'),
    'nested/c.md': withVersion('1.9.3'),
  });
  assert.equal(lib.find('greet').version, '1.10.0');
  assert.equal(lib.find('greet@1.2.0').version, '1.2.0');
  assert.deepEqual(
    lib.all().map((s) => s.version),
    ['1.10.0', '1.9.3', '1.2.0'],
  );
  assert.throws(
    () => lib.find('greet@3.0.0'),
    /skill "greet" has no version 3\.0\.0; versions: 1\.10\.0, 1\.9\.3, 1\.2\.0/,
  );
  assert.throws(() => lib.find('nope'), /no skill "nope"; known: greet/);
});

test('the same id and version twice is an error naming both files', async () => {
  const lib = await library({ 'a.md': withVersion('1.0.0'), 'b.md': withVersion('1.0.0') });
  assert.equal(lib.diagnostics.length, 1);
  const [d] = lib.diagnostics;
  assert.equal(d.code, 'skein/duplicate-skill');
  assert.match(d.file, /b\.md$/);
  assert.match(d.message, /greet@1\.0\.0 is defined twice: here and in .*a\.md/);
});

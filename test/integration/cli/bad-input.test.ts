import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

const SKILL = join(ROOT, 'test/fixtures/crash/crashy.md');
const home = mkdtempSync(join(tmpdir(), 'skein-bad-input-'));
const env = {
  SKEIN_HOME: home,
  SKEIN_CONFIG: join(ROOT, 'test/fixtures/crash/skein.yaml'),
  MARKS_FILE: join(home, 'marks'),
};

/** Runs skein and checks: the given exit code, a message matching `message`, and no stack trace. */
async function refused(args: string[], code: number, message: RegExp): Promise<void> {
  const result = await skein(args, { env });
  const text = result.stdout + result.stderr;
  assert.equal(result.code, code, text);
  assert.match(text, message);
  assert.doesNotMatch(
    text,
    /\n\s+at .+:\d+:\d+\)?\n|node:internal|\.ts:\d+/,
    'no stack trace or internal path',
  );
}

test('malformed, huge, deep and wrongly typed --input: a usage error (exit 2), no stack trace', async () => {
  await refused(['run', SKILL, '--input', '{"label": '], 2, /--input is not valid JSON/);
  // Past the size of one command-line argument, so given as files.
  const huge = join(home, 'huge.json');
  writeFileSync(huge, `{"label": "${'x'.repeat(1_100_000)}"}`);
  await refused(
    ['run', SKILL, '--input', `@${huge}`],
    2,
    /more than the limit of 1048576 bytes \(limits\.inputBytes/,
  );
  const deep = join(home, 'deep.json');
  writeFileSync(deep, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  await refused(
    ['run', SKILL, '--input', `@${deep}`],
    2,
    /nested deeper than 64 levels, the limit \(limits\.inputDepth/,
  );
  await refused(
    ['run', SKILL, '--input', '{"label": 42}'],
    2,
    /input for crashy@1.0.0 is invalid: label: must be string/,
  );
  await refused(
    ['run', SKILL, '--input', '@/no/such/file.json'],
    2,
    /cannot read input file \/no\/such\/file.json: ENOENT/,
  );
});

test('a UTF-8 byte order mark in --input @file is accepted', async () => {
  const file = join(home, 'bom.json');
  writeFileSync(file, '\uFEFF{"label": "bom"}');
  const result = await skein(['run', SKILL, '--input', `@${file}`, '--json'], {
    env: { ...env, SLOW_MS: '1' },
  });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(JSON.parse(result.stdout).output.summary, /waited=bom/);
});

test('unknown run ids, a missing path, a FIFO and a folder of 1,000 junk files: clear errors, documented exit codes', async () => {
  await refused(['resume', 'no-such-run', '--input', '{}'], 1, /no-such-run/);
  await refused(['inspect', 'no-such-run'], 1, /no-such-run/);
  await refused(['validate', join(home, 'missing.md')], 1, /no such file or folder/);
  const fifo = join(home, 'pipe.md');
  execFileSync('mkfifo', [fifo]);
  await refused(['validate', fifo], 1, /is not a regular file/);
  const junk = join(home, 'junk');
  mkdirSync(junk);
  for (let i = 0; i < 1000; i++)
    writeFileSync(join(junk, `junk-${i}.md`), `# ${i}\n\x00\xff garbage ${'{{'.repeat(i % 7)}\n`);
  const result = await skein(['validate', junk], { env });
  assert.ok(result.code === 0 || result.code === 1, result.stderr);
  assert.doesNotMatch(result.stdout + result.stderr, /\n\s+at .+:\d+:\d+\)?\n|node:internal/);
});

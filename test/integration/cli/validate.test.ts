import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';

const FIX = 'test/fixtures/aegis';

test('validate a clean file: exit 0 and a summary', async () => {
  const r = await skein(['validate', `${FIX}/greet.md`]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /1 file, 1 skill, 0 errors, 0 warnings/);
  assert.ok(!r.stdout.includes('\u001b['), 'no colour when not a terminal');
});

test('validate --json prints the documented object', async () => {
  const r = await skein(['validate', `${FIX}/greet.md`, `${FIX}/broken.md`, '--json']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(out), ['files', 'errors', 'warnings']);
  assert.equal(out.errors, 1);
  assert.equal(out.warnings, 2);
  const [greet, broken] = out.files;
  assert.deepEqual(greet, {
    path: `${FIX}/greet.md`,
    dialect: 'aegis',
    skills: [{ id: 'greet', version: '2.0.0' }],
    diagnostics: [],
  });
  assert.equal(broken.dialect, 'aegis');
  assert.deepEqual(broken.skills, []);
  const bad = broken.diagnostics.find((d: { code: string }) => d.code === 'aegis/bad-varname');
  assert.deepEqual(
    { severity: bad.severity, line: bad.line, column: bad.column },
    { severity: 'error', line: 16, column: 14 },
  );
  assert.match(bad.message, /varName "Text" must match/);
});

test('validate a folder: skill files are checked, other files skipped and named with --verbose', async () => {
  const r = await skein(['validate', FIX, '--verbose']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /broken\.md:16:14: error aegis\/bad-varname/);
  assert.match(r.stdout, /skipped test\/fixtures\/aegis\/README\.md/);
  assert.match(r.stdout, /ok test\/fixtures\/aegis\/greet\.md aegis greet@2\.0\.0/);
});

test('--strict turns warnings into errors', async () => {
  const r = await skein(['validate', 'test/fixtures/aegis/broken.md', '--strict', '--json']);
  const out = JSON.parse(r.stdout);
  assert.equal(out.warnings, 0);
  assert.equal(out.errors, 3);
});

test('an explicit file of no dialect is an error; a missing path too', async () => {
  const r = await skein(['validate', `${FIX}/README.md`, 'no/such/file.md', '--json']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(
    out.files.map((f: { diagnostics: { code: string }[] }) => f.diagnostics[0].code),
    ['skein/unknown-dialect', 'skein/not-found'],
  );
});

test('colour only when forced or on a terminal', async () => {
  const r = await skein(['validate', `${FIX}/broken.md`], { env: { FORCE_COLOR: '1' } });
  assert.ok(r.stdout.includes('\u001b[31merror'), r.stdout);
});

test('usage errors exit 2', async () => {
  assert.equal((await skein(['validate'])).code, 2);
  assert.equal((await skein(['validate', 'x', '--bogus'])).code, 2);
  assert.equal((await skein(['frobnicate'])).code, 2);
  assert.equal((await skein(['validate', 'x', '--dialect', 'cobol'])).code, 2);
});

test('invalid_syntax.md from the corpus fails', { skip: corpusSkip }, async () => {
  const r = await skein([
    'validate',
    join(CORPUS, 'aegis/skill-dsl_src_test_resources_skills_invalid_syntax.md'),
  ]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /:1:1: error aegis\/bad-header the first heading must be "# skill: <id>"/);
});

test('the whole Aegis corpus validates without a crash', { skip: corpusSkip }, async () => {
  const r = await skein(['validate', join(CORPUS, 'aegis'), '--json']);
  assert.equal(r.code, 1, 'the corpus has broken files on purpose');
  const out = JSON.parse(r.stdout);
  assert.ok(out.files.length >= 140, `only ${out.files.length} files`);
  const crashes = out.files
    .flatMap((f: { diagnostics: { code: string }[] }) => f.diagnostics)
    .filter((d: { code: string }) => d.code === 'skein/internal-error');
  assert.deepEqual(crashes, []);
});

test('the bundled example skills validate without errors or warnings', async () => {
  const r = await skein(['validate', 'examples/skills', '--json']);
  assert.equal(r.code, 0, r.stdout);
  const out = JSON.parse(r.stdout);
  assert.equal(out.errors, 0);
  assert.equal(
    out.warnings,
    0,
    JSON.stringify(out.files.flatMap((f: { diagnostics: unknown[] }) => f.diagnostics)),
  );
  assert.equal(out.files.length, 14);
});

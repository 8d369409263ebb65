import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

// OpenEvo's engine runs pipelines with foreach (item, maxConcurrency), continueOnError and fallback
// literals without quotes; real pipelines use them, so Skein runs them the same way.
const SKILLS = join(ROOT, 'test/fixtures/skilljson/openevo');

test('foreach, maxConcurrency, continueOnError and an unquoted fallback run as OpenEvo runs them', async () => {
  const naps = [
    { tag: 'a', ms: 300 },
    { tag: 'b', ms: 100 },
    { tag: 'c', ms: 200 },
  ];
  const r = await skein(
    [
      'run',
      join(SKILLS, 'over_list'),
      '--json',
      '--input',
      JSON.stringify({ naps, words: ['ok', 'bad', 'fine'] }),
    ],
    { env: { SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-oe-')) } },
  );
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout).output;
  type Nap = { tag: string; started: number; ended: number };

  // maxConcurrency 0: all at once; results in element order, not in the order they finished.
  const all = out.naps as Nap[];
  assert.deepEqual(
    all.map((n) => n.tag),
    ['a', 'b', 'c'],
  );
  assert.ok(
    all.every((n) => all.every((m) => n.started < m.ended)),
    `all overlap: ${JSON.stringify(all)}`,
  );
  // No maxConcurrency: one element after the other.
  const seq = out.one_by_one as Nap[];
  assert.deepEqual(
    seq.map((n) => n.tag),
    ['a', 'b', 'c'],
  );
  assert.ok(seq[1].started >= seq[0].ended && seq[2].started >= seq[1].ended, JSON.stringify(seq));

  // continueOnError over a list: the failing element holds {_error, _failed}, the others their results.
  const [ok, bad, fine] = out.upper;
  assert.deepEqual([ok, fine], [{ word: 'OK' }, { word: 'FINE' }]);
  assert.equal(bad._failed, true);
  assert.match(bad._error, /"bad" is not a word I take/);
  // continueOnError on a single call: the step's result is the error, and the pipeline went on.
  assert.equal(out.bad_one._failed, true);
  assert.match(out.bad_one._error, /"bad" is not a word I take/);
  // foreach over something that is not a list skips the step; the unquoted fallback is its text.
  assert.equal(out.skipped, 'none at all');
});

test('validate accepts the OpenEvo step fields and warns to quote a fallback literal', async () => {
  const r = await skein(['validate', '--json', SKILLS]);
  const report = JSON.parse(r.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] };
  const ds = report.files.flatMap((f) => f.diagnostics);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['skilljson/unquoted-fallback'],
  );
  assert.match(
    ds[0].message,
    /the fallback none at all after \|\| is taken as the text "none at all".*'none at all'/,
  );
  assert.equal(r.code, 0);
});

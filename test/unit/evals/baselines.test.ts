import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import {
  deltasBetween,
  deltasWithin,
  junitReport,
  markdownReport,
  runExperiment,
  type ExperimentOptions,
} from '../../../src/evals/index.js';
import { startEvalModels } from '../../helpers/eval-models.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/evals');

async function experiment(t: { after(fn: () => unknown): void }, o: Partial<ExperimentOptions>) {
  const models = await startEvalModels();
  t.after(() => models.close());
  const home = await mkdtemp(join(tmpdir(), 'skein-eval-'));
  return runExperiment({
    paths: [join(FIXTURES, 'basic')],
    config: loadConfig(tmpdir(), { SKEIN_HOME: home, SKEIN_BASE_URL: models.url }),
    models: ['compat:fr-good'],
    trials: 1,
    concurrency: 2,
    judge: 'compat:judge',
    ...o,
  });
}

test('--without-skill: the document skill is compared with no skill, and the change is per case', async (t) => {
  const result = await experiment(t, { variants: [{ kind: 'without-skill' }, { kind: 'skill' }] });
  assert.deepEqual(
    result.experiment.columns.map((c) => [c.key, c.baseline ?? false]),
    [
      ['compat:fr-good · without skill', true],
      ['compat:fr-good · skill', false],
    ],
  );
  const house = result.results.filter((r) => r.case === 'house-style › eval 1');
  assert.deepEqual(
    house.map((r) => [r.column, r.passed]),
    [
      ['compat:fr-good · without skill', false],
      ['compat:fr-good · skill', true],
    ],
  );
  const deltas = deltasWithin(result);
  const delta = deltas.find((d) => d.case === 'house-style › eval 1')!;
  assert.deepEqual([delta.delta, delta.fixed, delta.regression], [1, true, false]);
  // An executable skill without its skill has nothing to answer with: its cells say so.
  const translate = result.cells.find(
    (c) => c.case === 'translate › says good morning in French' && c.column.endsWith('without skill'),
  )!;
  assert.equal(translate.status, 'refused');
  assert.match(translate.error!, /^translate runs steps of its own: without it there is nothing to run/);
});

test('--versions: each version is a column; a case that passed in the first and fails in the second is a regression', async (t) => {
  const result = await experiment(t, {
    paths: [join(FIXTURES, 'versions')],
    variants: [
      { kind: 'version', version: '1.0.0' },
      { kind: 'version', version: '2.0.0' },
      { kind: 'version', version: '9.9.9' },
    ],
  });
  assert.deepEqual(
    result.results.map((r) => [r.column, r.passed]),
    [
      ['compat:fr-good · @1.0.0', true],
      ['compat:fr-good · @2.0.0', false],
      ['compat:fr-good · @9.9.9', false],
    ],
  );
  const missing = result.cells.find((c) => c.column.endsWith('@9.9.9'))!;
  assert.equal(missing.error, 'translate has no version 9.9.9 among the skills loaded (1.0.0, 2.0.0)');
  const deltas = deltasWithin(result);
  assert.deepEqual(
    deltas.map((d) => [d.column, d.baseline, d.delta, d.regression]),
    [
      ['compat:fr-good · @2.0.0', 'compat:fr-good · @1.0.0', -1, true],
      ['compat:fr-good · @9.9.9', 'compat:fr-good · @1.0.0', -1, true],
    ],
  );
  // Two experiments compare column by column; one column each compares whatever the keys.
  const other = await experiment(t, { paths: [join(FIXTURES, 'versions')], models: ['compat:fr-bad'] });
  const between = deltasBetween(other, {
    experiment: { ...result.experiment, columns: result.experiment.columns.slice(0, 1) },
    results: result.results.slice(0, 1),
  });
  assert.deepEqual(
    between.map((d) => [d.column, d.baseline, d.delta, d.fixed]),
    [['compat:fr-good · @1.0.0', 'compat:fr-bad', 1, true]],
  );

  // JUnit: one testcase per case × column, a regression is a failure; Markdown: the matrix and the changes.
  const xml = junitReport(result, deltas);
  assert.match(xml, /<testsuites name="skein eval [0-9a-f-]{36}" tests="3" failures="2">/);
  assert.match(
    xml,
    /<testsuite name="compat:fr-good · @2.0.0" tests="1" failures="1" errors="0" time="[\d.]+">\n {4}<testcase classname="translate" name="says good morning in French \[compat:fr-good · @2.0.0\]" file="[^"]+cases.yaml" line="4" time="[\d.]+">\n {6}<failure message="0\/1 passed, a regression">contains: {&#34;translation&#34;:&#34;It ships on Monday.&#34;} does not contain &#34;Bonjour&#34;\nregression: passed in compat:fr-good · @1.0.0<\/failure>/,
  );
  assert.match(xml, /name="says good morning in French \[compat:fr-good · @1.0.0\]"[^>]*><\/testcase>/);
  const md = markdownReport(result, deltas);
  assert.match(md, /^### skein eval: 1 of 3 passed\n/);
  assert.match(
    md,
    /\| case \| compat:fr-good · @1.0.0 \| compat:fr-good · @2.0.0 \| compat:fr-good · @9.9.9 \|\n\|---\|---\|---\|---\|\n\| translate › says good morning in French \| ✅ 1\/1 · \d+ ms \| ❌ 0\/1 · \d+ ms \| ❌ 0\/1 · 0 ms \|/,
  );
  assert.match(
    md,
    /\| \*\*regression\*\* translate › says good morning in French \| compat:fr-good · @2.0.0 \| compat:fr-good · @1.0.0 \| 100% → 0% \| -100 pts \|/,
  );
});

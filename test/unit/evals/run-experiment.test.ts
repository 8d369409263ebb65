import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openExperimentStore, runExperiment } from '../../../src/evals/index.js';
import { openStore } from '../../../src/host/index.js';
import { startEvalModels } from '../../helpers/eval-models.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/evals');

test('an experiment runs cases.yaml evals and evals.json over models × trials; every cell is a stored run', async (t) => {
  const models = await startEvalModels();
  t.after(() => models.close());
  const home = await mkdtemp(join(tmpdir(), 'skein-eval-'));
  const config = loadConfig(tmpdir(), { SKEIN_HOME: home, SKEIN_BASE_URL: models.url });
  const progress: number[] = [];
  const result = await runExperiment({
    paths: [join(FIXTURES, 'basic')],
    config,
    models: ['compat:fr-good', 'compat:fr-bad'],
    trials: 2,
    concurrency: 3,
    judge: 'compat:judge',
    onProgress: (done) => progress.push(done),
  });
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(
    result.experiment.cases.map((c) => c.key),
    ['translate › says good morning in French', 'translate › keeps the answer short', 'house-style › eval 1'],
  );
  assert.equal(result.cells.length, 3 * 2 * 2);
  assert.deepEqual(
    progress,
    [...Array(12).keys()].map((i) => i + 1),
  );
  assert.deepEqual(
    result.results.map((r) => [r.case, r.column, `${r.passes}/${r.trials}`, r.passed]),
    [
      ['translate › says good morning in French', 'compat:fr-good', '2/2', true],
      ['translate › says good morning in French', 'compat:fr-bad', '0/2', false],
      ['translate › keeps the answer short', 'compat:fr-good', '2/2', true],
      ['translate › keeps the answer short', 'compat:fr-bad', '0/2', false],
      ['house-style › eval 1', 'compat:fr-good', '2/2', true],
      ['house-style › eval 1', 'compat:fr-bad', '0/2', false],
    ],
  );
  const bad = result.results.find((r) => r.case === 'translate › says good morning in French' && !r.passed)!;
  assert.deepEqual(bad.failures, [
    'contains: {"translation":"Good morning to you, thank you"} does not contain "Bonjour"',
    'equals: expected {"translation":"Bonjour"}, got {"translation":"Good morning to you, thank you"}',
  ]);
  const short = result.results.find((r) => r.case === 'translate › keeps the answer short' && !r.passed)!;
  assert.match(short.failures.join('\n'), /json-schema: .*translation.*20/);
  assert.match(short.failures.join('\n'), /not-contains: .* contains "thank"/);

  // The judge graded the Agent Skills expectation; its prompt and reason are kept with the cell.
  const judged = result.cells.find((c) => c.case === 'house-style › eval 1' && c.column === 'compat:fr-bad')!;
  assert.equal(judged.assertions[0].type, 'llm-rubric');
  assert.equal(judged.assertions[0].score, 0.1);
  assert.equal(judged.assertions[0].reason, 'the reply is not signed');
  assert.equal(judged.assertions[0].judge?.model, 'compat:judge');
  assert.match(judged.assertions[0].judge!.prompt, /Rubric:\nThe reply is signed by the Skein team/);
  assert.match(judged.assertions[0].judge!.prompt, /Request:\nReply to Ana, who asks when her order ships\./);
  assert.match(judged.assertions[0].judge!.prompt, /Answer to grade:\nIt ships on Monday\.$/);
  // The prompt carried the eval's file, and the with-skill column had the skill in its system prompt.
  const asked = models.requests.find(
    (r) => r.model === 'fr-good' && JSON.stringify(r).includes('House style'),
  )!;
  assert.match(JSON.stringify(asked.messages), /--- file order.txt ---\\nOrder A1: ships on Monday/);

  // Every cell is a run of the run store, with its tokens; the experiment and its cells are stored beside them.
  const runs = await openStore(config);
  const store = await openExperimentStore(config);
  try {
    for (const cell of result.cells) {
      assert.ok(cell.runId, `${cell.case} has a run`);
      const run = await runs.getRun(cell.runId);
      assert.equal(run?.status, cell.status);
      assert.ok(cell.inputTokens > 0 && cell.outputTokens > 0);
    }
    const stored = await store.get(result.experiment.id.slice(0, 8));
    assert.equal(stored?.status, 'completed');
    assert.deepEqual(
      stored?.columns.map((c) => c.key),
      ['compat:fr-good', 'compat:fr-bad'],
    );
    assert.equal((await store.cells(result.experiment.id)).length, 12);
    assert.equal((await store.list({ limit: 5 })).experiments[0].id, result.experiment.id);
  } finally {
    await runs.close();
    await store.close();
  }
});

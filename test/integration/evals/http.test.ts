import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeVersionsExperiment } from '../../helpers/eval-experiments.js';
import { startEvalModels } from '../../helpers/eval-models.js';
import { api, startServer, type Json } from '../../helpers/server.js';

test('GET /v1/experiments lists what skein eval stored; GET /v1/experiments/{id} has its cells, results and changes', async (t) => {
  const models = await startEvalModels();
  t.after(() => models.close());
  const env = { SKEIN_HOME: await mkdtemp(join(tmpdir(), 'skein-eval-')), SKEIN_BASE_URL: models.url };
  const id = await storeVersionsExperiment(env.SKEIN_HOME, models.url);
  const server = await startServer(env);
  t.after(() => server.stop());

  const list = await api(`${server.url}/v1/experiments`);
  assert.equal(list.status, 200);
  const listed = list.body;
  assert.deepEqual(
    listed.experiments.map((e: Json) => [e.id, e.status]),
    [[id, 'completed']],
  );
  assert.deepEqual(listed.experiments[0].cases[0].file, 'test/fixtures/evals/versions/cases.yaml');

  const one = await api(`${server.url}/v1/experiments/${id.slice(0, 8)}`);
  assert.equal(one.status, 200);
  const detail = one.body;
  assert.deepEqual(
    detail.results.map((x: Json) => [x.column, x.passed]),
    [
      ['compat:fr-good · @1.0.0', true],
      ['compat:fr-good · @2.0.0', false],
    ],
  );
  assert.equal(detail.deltas[0].regression, true);
  const run = await api(`${server.url}/v1/runs/${detail.cells[0].runId}`);
  assert.equal(run.status, 200);

  const missing = await api(`${server.url}/v1/experiments/ffffffff`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.code, 'experiment_not_found');
});

// Usage and traces over the HTTP API: GET /v1/runs/{id} carries usage totals with the estimated cost,
// and GET /v1/runs/{id}/trace the span tree drawn from the stored events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from '../../helpers/cli.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { api, serverEnv, startServer } from '../../helpers/server.js';

test('a run’s usage totals and its trace are served by the API', async (t) => {
  const model = await startFakeOpenAI(() => ({ text: 'Yes.' }));
  const server = await startServer(
    serverEnv({
      SKEIN_CONFIG: join(ROOT, 'test/fixtures/trace/skein.yaml'),
      SKEIN_MODEL: 'compat:fake-model',
      SKEIN_BASE_URL: model.url,
    }),
  );
  t.after(async () => {
    await server.stop();
    await model.close();
  });
  const started = await api(`${server.url}/v1/skills/review/runs`, {
    method: 'POST',
    json: { input: { order: '{"item":"kettle"}' } },
  });
  assert.equal(started.status, 200);
  assert.equal(started.body.status, 'awaiting');
  const runId = started.body.runId;

  const run = await api(`${server.url}/v1/runs/${runId}`);
  assert.equal(run.status, 200);
  const { usage } = run.body;
  assert.equal(usage.calls, 1);
  assert.ok(usage.inputTokens > 0 && usage.outputTokens > 0);
  assert.equal(usage.costUsd, (usage.inputTokens * 2 + usage.outputTokens * 8) / 1e6);
  assert.deepEqual(Object.keys(usage.byModel), ['compat:fake-model']);

  const traced = await api(`${server.url}/v1/runs/${runId}/trace`);
  assert.equal(traced.status, 200);
  const [part] = traced.body.trace;
  assert.equal(part.name, 'run review');
  assert.equal(part.status, 'awaiting');
  assert.deepEqual(
    part.children.map((s: { name: string }) => s.name),
    ['step pick', 'step judge', 'step approve'],
  );
  assert.equal(part.children[1].children[0].name, 'chat compat:fake-model');
  assert.equal(part.children[1].children[0].attributes['gen_ai.usage.output_tokens'], usage.outputTokens);
  assert.deepEqual(traced.body.usage, usage);

  const missing = await api(`${server.url}/v1/runs/nope/trace`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.code, 'run_not_found');
});

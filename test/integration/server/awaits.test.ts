import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, serverEnv, startServer, type ServerProcess } from '../../helpers/server.js';

// The inbox (issue 29 item 4): GET /v1/awaits lists every run that awaits a person.

let server: ServerProcess;
let v1: string;

before(async () => {
  server = await startServer(serverEnv());
  v1 = `${server.url}/v1`;
});

after(async () => {
  assert.equal(await server.stop(), 0, server.stderr());
});

test('GET /v1/awaits lists paused runs with step, message, schema and since; answered ones leave it', async () => {
  assert.deepEqual((await api(`${v1}/awaits`)).body, { awaits: [] });
  const first = await api(`${v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item: 'pen' } } });
  const second = await api(`${v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item: 'ink' } } });
  assert.equal(first.body.status, 'awaiting');
  await api(`${v1}/skills/greet/runs`, { method: 'POST', json: { input: { name: 'Ann' } } });

  const { awaits } = (await api(`${v1}/awaits`)).body;
  assert.deepEqual(
    awaits.map((a: { runId: string }) => a.runId),
    [first.body.runId, second.body.runId],
  );
  const [one] = awaits;
  assert.equal(one.skill, 'confirm');
  assert.equal(one.step, first.body.await.step);
  assert.equal(one.message, first.body.await.message);
  assert.deepEqual(one.schema, first.body.await.inputSchema);
  assert.ok(Date.parse(one.since) > 0);

  assert.deepEqual((await api(`${v1}/awaits?skill=greet`)).body, { awaits: [] });
  assert.equal((await api(`${v1}/awaits?skill=confirm`)).body.awaits.length, 2);
  assert.deepEqual((await api(`${v1}/awaits?minAge=3600`)).body, { awaits: [] });
  assert.equal((await api(`${v1}/awaits?minAge=-1`)).status, 400);

  const answer = Object.keys(first.body.await.inputSchema.properties ?? {})[0];
  const resumed = await api(`${v1}/runs/${first.body.runId}/resume`, {
    method: 'POST',
    json: { input: { [answer]: true } },
  });
  assert.notEqual(resumed.body.status, 'awaiting', JSON.stringify(resumed.body));
  assert.deepEqual(
    (await api(`${v1}/awaits`)).body.awaits.map((a: { runId: string }) => a.runId),
    [second.body.runId],
  );
});

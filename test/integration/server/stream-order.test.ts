import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../helpers/cli.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';
import { readSse, startServer, type ServerProcess } from '../../helpers/server.js';

// A followed run's events come in `seq` order, streamed model text included: the text an agent
// streamed is never sent after the step (or the run) it belongs to has ended.

let fake: FakeOpenAI;
let server: ServerProcess;

before(async () => {
  // Each run of the parcel agent: a refused tool, the allowed one, a broken answer, a valid one.
  fake = await startFakeOpenAI((request) => {
    const turn = request.messages.filter((m) => m.role === 'assistant').length % 4;
    if (turn === 0) return { toolCalls: [{ name: 'explode', arguments: { reason: 'no' } }] };
    if (turn === 1) return { toolCalls: [{ name: 'parcel_status', arguments: { id: 'P-1' } }] };
    if (turn === 2) return { text: '{"response":"Somewhere over there.","profile":{},"data":{}}' };
    return {
      text: '{"response":"Parcel P-1 is in transit.","profile":{},"data":{},"control":{"action":"finish"}}',
    };
  });
  server = await startServer({
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-order-')),
    SKEIN_CONFIG: join(ROOT, 'test/fixtures/web/skein.yaml'),
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: fake.url,
  });
});

after(async () => {
  assert.equal(await server.stop(), 0, server.stderr());
  await fake.close();
});

test('a run streamed as it goes sends its events in seq order, the model text before its step ends', async () => {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${server.url}/v1/skills/parcel/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ input: { message: 'Where is parcel P-1?' } }),
    });
    const events = (await readSse(res)).filter((e) => e.event !== 'result' && e.data);
    const seqs = events.map((e) => e.data.seq as number);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
      events.map((e) => `${e.data.seq} ${e.event}`).join(', '),
    );
    assert.ok(events.some((e) => e.event === 'llm_delta'));
    assert.equal(events.at(-1)!.event, 'completed');
  }
});

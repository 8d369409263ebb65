// Idempotency keys over HTTP: 50 concurrent starts with one key make one run, and each is answered as
// for it; the key with other input is refused; on SQLite and on PostgreSQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';
import { api, serverEnv, startServer, type Json } from '../../helpers/server.js';

async function racesOnOneKey(store?: string): Promise<void> {
  const env = serverEnv(store ? { SKEIN_STORE: store } : {});
  const server = await startServer(env);
  const v1 = `${server.url}/v1`;
  const start = (key: string, input: Json, extra: Json = {}) =>
    api(`${v1}/skills/gated/runs`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
      json: { input, ...extra },
    });
  const gatedRuns = async () => (await api(`${v1}/runs?skill=gated&limit=200`)).body.runs as Json[];
  try {
    // The first run waits at its gate while the other 49 starts arrive.
    const answers = Promise.all(Array.from({ length: 50 }, () => start('order-17', { gate: 'g1' })));
    while ((await gatedRuns()).length === 0) await new Promise((r) => setTimeout(r, 20));
    const during = await start('order-17', { gate: 'g1' }, { wait: false });
    assert.equal(during.status, 202);
    writeFileSync(join(env.GATE_DIR, 'g1'), '');
    const all = await answers;
    const runId = (await gatedRuns())[0].runId;
    for (const a of all) {
      assert.equal(a.status, 200, JSON.stringify(a.body));
      assert.deepEqual(a.body, {
        runId,
        status: 'completed',
        output: { result: 'waiting for g1; g1 opened' },
      });
    }
    assert.equal(during.body.runId, runId);
    assert.equal((await gatedRuns()).length, 1, 'one run for 52 starts');
    const events = (await api(`${v1}/runs/${runId}/events`, { headers: { accept: 'application/json' } })).body
      .events as Json[];
    assert.equal(events.filter((e) => e.type === 'tool_started').length, 1, 'its tool ran once');

    // The same key again, after the run ended: the same answer; with other input: refused.
    assert.deepEqual((await start('order-17', { gate: 'g1' })).body, all[0].body);
    const other = await start('order-17', { gate: 'g2' });
    assert.equal(other.status, 409);
    assert.equal(other.body.error.code, 'idempotency_conflict');
    assert.match(other.body.error.message, new RegExp(`run ${runId}`));
    // Another key is another run.
    writeFileSync(join(env.GATE_DIR, 'g3'), '');
    const fresh = await start('order-18', { gate: 'g3' });
    assert.notEqual(fresh.body.runId, runId);
    assert.equal((await gatedRuns()).length, 2);
  } finally {
    await server.stop();
  }
}

test('50 concurrent starts with one Idempotency-Key make one run; other input is refused (SQLite)', async () => {
  await racesOnOneKey();
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test(
  '50 concurrent starts with one Idempotency-Key make one run; other input is refused (PostgreSQL)',
  { skip },
  async () => {
    const db = await createDatabase('idem');
    try {
      await racesOnOneKey(db.url);
    } finally {
      await db.drop();
    }
  },
);

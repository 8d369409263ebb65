import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, readSse, serveDuringFile } from '../../helpers/server.js';

// Start without waiting (issue 29 item 1): `"wait": false` or `Prefer: respond-async` answers 202 with
// the run id while the run goes on in the server.

const s = serveDuringFile();

test('"wait": false answers 202 with the run id while the run still runs; it then completes', async () => {
  const started = await api(`${s.v1}/skills/gated/runs`, {
    method: 'POST',
    json: { input: { gate: 'd1' }, wait: false },
  });
  assert.equal(started.status, 202);
  const { runId } = started.body;
  assert.deepEqual(started.body, {
    runId,
    status: 'running',
    links: { self: `/v1/runs/${runId}`, events: `/v1/runs/${runId}/events` },
  });
  assert.equal(started.headers.get('location'), `/v1/runs/${runId}`);
  // The run is stored and still waits at its gate: the answer did not wait for it.
  assert.equal((await api(`${s.server.url}${started.body.links.self}`)).body.status, 'running');
  writeFileSync(join(s.env.GATE_DIR, 'd1'), '');
  const events = await readSse(await fetch(`${s.server.url}${started.body.links.events}`));
  assert.equal(events.at(-1)?.event, 'completed');
  assert.equal((await api(`${s.v1}/runs/${runId}`)).body.status, 'completed');
});

test('Prefer: respond-async does the same; a paused run is found awaiting', async () => {
  const started = await api(`${s.v1}/skills/confirm/runs`, {
    method: 'POST',
    headers: { prefer: 'respond-async' },
    json: { input: { item: 'pen' } },
  });
  assert.equal(started.status, 202);
  assert.equal(started.headers.get('preference-applied'), 'respond-async');
  const events = await readSse(await fetch(`${s.server.url}${started.body.links.events}`));
  assert.equal(events.at(-1)?.event, 'awaiting');
  const run = (await api(`${s.v1}/runs/${started.body.runId}`)).body;
  assert.equal(run.status, 'awaiting');
});

test('a bad input is still refused before anything is stored; wait must be a boolean', async () => {
  const before = (await api(`${s.v1}/runs?skill=greet`)).body.runs.length;
  const invalid = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 7 }, wait: false },
  });
  assert.deepEqual([invalid.status, invalid.body.error.code], [400, 'input_invalid']);
  assert.equal((await api(`${s.v1}/runs?skill=greet`)).body.runs.length, before);
  const bad = await api(`${s.v1}/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 'a' }, wait: 'no' },
  });
  assert.deepEqual([bad.status, bad.body.error.code], [400, 'invalid_request']);
  assert.equal(bad.body.error.fields[0].field, 'wait');
});

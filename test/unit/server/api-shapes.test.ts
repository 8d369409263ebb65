import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein } from '../../../src/host/index.js';
import type { RunEvent } from '../../../src/runtime/index.js';
import { RunEventSchema } from '../../../src/server/event-schemas.js';
import { WEB_TYPES_FILE, webTypesSource } from '../../../scripts/web-types-source.js';

const SERVER_FIXTURE = new URL('../../fixtures/server', import.meta.url).pathname;

// One source for the API's shapes (ARCHITECTURE.md): the runtime's events are what the schema says,
// and the web's types are the ones generated from the document made of those schemas.

test('web/src/api/types.ts is generated from the current OpenAPI document (else run `npm run generate`)', async () => {
  assert.equal(readFileSync(WEB_TYPES_FILE, 'utf8'), await webTypesSource());
});

test('the events of real runs (completed, paused, answered, cancelled) are valid RunEvents of the API schema', async () => {
  const env = { SKEIN_HOME: join(tmpdir(), 'skein-unused-home'), GATE_DIR: tmpdir() };
  const skein = openSkein({ config: loadConfig(SERVER_FIXTURE, env), store: 'memory' });
  try {
    const seen: RunEvent[] = [];
    const onEvent = (e: RunEvent) => void seen.push(e);
    assert.equal((await skein.run('greet', { name: 'Ada' }, { onEvent })).status, 'completed');
    const paused = await skein.run('confirm', { item: 'a lamp' }, { onEvent });
    assert.equal(paused.status, 'awaiting');
    await skein.resume(paused.runId, { ok: true }, { onEvent });
    const cancelled = await skein.run('confirm', { item: 'a chair' }, { onEvent });
    assert.equal((await skein.cancel(cancelled.runId)).status, 'failed');
    const types = new Set(seen.map((e) => e.type));
    for (const type of ['run_started', 'node_started', 'node_finished', 'awaiting', 'resumed', 'completed'])
      assert.ok(types.has(type as RunEvent['type']), `a ${type} event`);
    const stored = [...(await skein.events(paused.runId)), ...(await skein.events(cancelled.runId))];
    assert.ok(stored.some((e) => e.type === 'failed'));
    for (const event of [...seen, ...stored]) {
      const parsed = RunEventSchema.safeParse(JSON.parse(JSON.stringify(event)));
      assert.ok(parsed.success, `${JSON.stringify(event)}: ${parsed.error?.message}`);
    }
    // A type the runtime does not have is refused, as is an event without its own fields.
    assert.equal(RunEventSchema.safeParse({ type: 'nope', runId: 'r', seq: 0, at: '' }).success, false);
    assert.equal(
      RunEventSchema.safeParse({ type: 'node_started', runId: 'r', seq: 0, at: '' }).success,
      false,
    );
  } finally {
    await skein.close();
  }
});

// The library's idempotencyKey and prune, through the package entry's openSkein, on SQLite and PostgreSQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSkein, RunRefused } from '../../../src/index.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { ROOT } from '../../helpers/cli.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';

async function keysAndPrune(store?: string): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'skein-lib-keys-'));
  const env = { SKEIN_HOME: home, SKEIN_SKILLS: join(ROOT, 'test/fixtures/server/skills'), SKEIN_CONFIG: '' };
  const config = loadConfig(home, { ...process.env, ...env, ...(store ? { SKEIN_STORE: store } : {}) });
  const skein = openSkein({ config });
  try {
    const first = await skein.run('greet', { name: 'Bo' }, { idempotencyKey: 'lib-1' });
    const again = await skein.run('greet', { name: 'Bo' }, { idempotencyKey: 'lib-1' });
    assert.deepEqual(again, first);
    const started = await skein.start('greet', { name: 'Bo' }, { idempotencyKey: 'lib-1' });
    assert.equal(started.runId, first.runId);
    assert.deepEqual(await started.wait(), first);
    await assert.rejects(
      skein.run('greet', { name: 'Al' }, { idempotencyKey: 'lib-1' }),
      (e) => e instanceof RunRefused && e.code === 'idempotency_conflict',
    );
    const paused = await skein.run('confirm', { item: 'pen' });
    assert.equal((await skein.listRuns()).runs.length, 2);

    await assert.rejects(skein.prune(), /retention\.runs/);
    const dry = await skein.prune({ olderThanMs: 0, dryRun: true });
    assert.deepEqual(
      dry.runs.map((r) => r.id),
      [first.runId],
    );
    const report = await skein.prune({ olderThanMs: 0 });
    assert.deepEqual(
      report.runs.map((r) => r.id),
      [first.runId],
    );
    assert.equal(report.sources, 1, "greet's snapshot");
    assert.deepEqual(
      (await skein.listRuns()).runs.map((r) => r.id),
      [paused.runId],
    );
    const fresh = await skein.run('greet', { name: 'Al' }, { idempotencyKey: 'lib-1' });
    assert.notEqual(fresh.runId, first.runId, 'the key went with its run');
  } finally {
    await skein.close();
  }
}

test('library: idempotencyKey on run and start, and prune (SQLite)', async () => {
  await keysAndPrune();
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test('library: idempotencyKey on run and start, and prune (PostgreSQL)', { skip }, async () => {
  const db = await createDatabase('libkeys');
  try {
    await keysAndPrune(db.url);
  } finally {
    await db.drop();
  }
});

test('library: the memory store keeps the newest 1,000 finished runs, and the key of a forgotten run still holds', async () => {
  const home = mkdtempSync(join(tmpdir(), 'skein-lib-memory-'));
  const env = { SKEIN_HOME: home, SKEIN_SKILLS: join(ROOT, 'test/fixtures/server/skills'), SKEIN_CONFIG: '' };
  const skein = openSkein({ config: loadConfig(home, { ...process.env, ...env, SKEIN_STORE: 'memory' }) });
  try {
    const first = await skein.run('greet', { name: 'Bo' }, { idempotencyKey: 'mem-1' });
    const paused = await skein.run('confirm', { item: 'pen' });
    let last = first;
    for (let i = 0; i < 1_000; i++) last = await skein.run('greet', { name: `n${i}` });
    assert.equal(await skein.getRun(first.runId), undefined, 'the oldest finished run is forgotten');
    assert.equal((await skein.getRun(paused.runId))?.status, 'awaiting', 'a paused run is kept');
    assert.equal((await skein.getRun(last.runId))?.status, 'completed');
    assert.equal((await skein.listRuns({ limit: 2_000 })).runs.length, 1_001);
    await assert.rejects(
      skein.run('greet', { name: 'Bo' }, { idempotencyKey: 'mem-1' }),
      (e) => e instanceof RunRefused && e.code === 'run_not_found',
      'a start repeated with the key is not made twice',
    );
  } finally {
    await skein.close();
  }
});

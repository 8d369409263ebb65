import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IdempotencyClaim, RunStore } from '../store.js';
import { runRecord as run, startedEvent as event } from './fixtures.js';

/** Idempotency keys: claimed with the run they make; a live claim wins over every later or concurrent one. */
export function idempotencyKeys(open: () => Promise<RunStore>): void {
  const claim = (key: string, fingerprint = 'f1', expiresAt = Date.now() + 60_000): IdempotencyClaim => ({
    key,
    fingerprint,
    expiresAt,
  });

  test('a key is claimed with its run; a later claim of it makes nothing and is told the holder', async () => {
    const store = await open();
    assert.equal(
      await store.createRun(run('k1'), [event('k1', 0, 'start')], undefined, claim('K')),
      undefined,
    );
    const holder = await store.createRun(run('k2'), [event('k2', 0, 'start')], undefined, claim('K', 'f2'));
    assert.deepEqual(holder, { runId: 'k1', fingerprint: 'f1' });
    assert.equal(await store.getRun('k2'), undefined, 'the second run is not stored');
    assert.deepEqual(await store.events('k2'), []);
    assert.equal(await store.createRun(run('k3'), [], undefined, claim('other')), undefined);
    assert.equal((await store.getRun('k3'))?.id, 'k3');
    await store.close();
  });

  test('of 20 concurrent claims of one key, one makes its run and the others are told it', async () => {
    const store = await open();
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const holders = await Promise.all(
      ids.map((id) => store.createRun(run(id), [event(id, 0, 'start')], undefined, claim('race'))),
    );
    const winners = ids.filter((_, i) => holders[i] === undefined);
    assert.equal(winners.length, 1);
    for (const h of holders) if (h) assert.deepEqual(h, { runId: winners[0], fingerprint: 'f1' });
    assert.deepEqual(
      (await store.listRuns({ limit: 50 })).runs.map((r) => r.id),
      winners,
    );
    await store.close();
  });

  test('an expired claim is taken over by the next one', async () => {
    const store = await open();
    await store.createRun(run('e1'), [], undefined, claim('old', 'f1', Date.now() - 1));
    assert.equal(await store.createRun(run('e2'), [], undefined, claim('old', 'f2')), undefined);
    assert.equal((await store.getRun('e2'))?.id, 'e2');
    assert.deepEqual(await store.createRun(run('e3'), [], undefined, claim('old', 'f3')), {
      runId: 'e2',
      fingerprint: 'f2',
    });
    await store.close();
  });
}

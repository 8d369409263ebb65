import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunStore } from '../store.js';
import { runRecord as run, startedEvent as event } from './fixtures.js';

const OLD = '2020-01-01T00:00:00.000Z';
const CUTOFF = '2021-01-01T00:00:00.000Z';

/** Retention: finished runs older than a time go with all of theirs; running and awaiting ones stay. */
export function retention(open: () => Promise<RunStore>): void {
  test('pruneRuns deletes old finished runs with their child runs, nodes, events and keys; others stay', async () => {
    const store = await open();
    const old = { createdAt: OLD, updatedAt: OLD, owner: undefined, leaseUntil: undefined };
    await store.createRun(run('done', { ...old, status: 'completed' }), [event('done', 0, 'a')], undefined, {
      key: 'k-done',
      fingerprint: 'f',
      expiresAt: Date.now() + 60_000,
    });
    await store.saveNodes('done', [{ node: 'a', status: 'done', writes: [] }], [event('done', 1, 'a')]);
    await store.createRun(run('child', { ...old, status: 'completed', parentRunId: 'done' }));
    await store.createRun(run('failed', { ...old, status: 'failed' }));
    await store.createRun(run('waiting', { ...old, status: 'awaiting' }));
    await store.createRun(run('running', { ...old }));
    await store.createRun(run('new', { status: 'completed' }));

    const preview = await store.pruneRuns({ before: CUTOFF, dryRun: true });
    assert.deepEqual(preview.map((r) => r.id).sort(), ['child', 'done', 'failed']);
    assert.equal((await store.getRun('done'))?.id, 'done', 'a dry run deletes nothing');
    assert.deepEqual(
      (await store.pruneRuns({ before: CUTOFF, status: 'failed', dryRun: true })).map((r) => r.id),
      ['failed'],
    );

    const pruned = await store.pruneRuns({ before: CUTOFF });
    assert.deepEqual(pruned.map((r) => r.id).sort(), ['child', 'done', 'failed']);
    const child = pruned.find((r) => r.id === 'child');
    assert.deepEqual(child, {
      id: 'child',
      skill: 's',
      version: '1.0.0',
      status: 'completed',
      updatedAt: OLD,
      parentRunId: 'done',
    });
    for (const id of ['done', 'child', 'failed']) assert.equal(await store.getRun(id), undefined, id);
    assert.deepEqual(await store.events('done'), []);
    assert.deepEqual(await store.nodes('done'), []);
    for (const id of ['waiting', 'running', 'new']) assert.equal((await store.getRun(id))?.id, id, id);
    // The key went with its run: a start with it makes a new run.
    const claim = { key: 'k-done', fingerprint: 'g', expiresAt: Date.now() + 60_000 };
    assert.equal(await store.createRun(run('again'), [], undefined, claim), undefined);
    assert.deepEqual(await store.pruneRuns({ before: CUTOFF }), []);
    await store.close();
  });
}

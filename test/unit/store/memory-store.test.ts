import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunRecord } from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';

// What the memory store keeps: the newest finished runs only, so a long-lived server's memory stays
// bounded; running and awaiting runs, and what lists and keys see, stay right as older runs go.

function run(id: string, parentRunId?: string): RunRecord {
  const now = new Date().toISOString();
  return {
    id,
    skill: { id: 's', version: '1.0.0', source: '/x.md' },
    input: {},
    status: 'running',
    ...(parentRunId ? { parentRunId } : {}),
    createdAt: now,
    updatedAt: now,
  };
}

async function started(store: MemoryRunStore, ...ids: string[]): Promise<void> {
  for (const id of ids) await store.createRun(run(id));
}

async function finished(store: MemoryRunStore, ...ids: string[]): Promise<void> {
  for (const id of ids)
    assert.equal(await store.transition(id, ['running'], 'completed', { output: id }), true);
}

async function ids(store: MemoryRunStore, limit = 100, cursor?: string) {
  const page = await store.listRuns({ limit, cursor });
  return { ids: page.runs.map((r) => r.id), next: page.next };
}

test('past keepFinished, the oldest finished run is forgotten with its events and nodes', async () => {
  const store = new MemoryRunStore({ keepFinished: 3 });
  await started(store, 'a', 'b', 'c', 'd', 'e');
  await store.appendEvents([{ runId: 'a', seq: 0, at: 'now', type: 'run_started' } as never]);
  await finished(store, 'a', 'b', 'c', 'd');
  assert.equal(await store.getRun('a'), undefined);
  assert.deepEqual(await store.events('a'), []);
  assert.deepEqual(await store.nodes('a'), []);
  assert.equal((await store.getRun('b'))?.output, 'b');
  // e is still running: kept, and not counted.
  assert.deepEqual((await ids(store)).ids, ['e', 'd', 'c', 'b']);
  await finished(store, 'e');
  assert.deepEqual((await ids(store)).ids, ['e', 'd', 'c']);
});

test('a run that waits for a person is never forgotten, however many finish after it', async () => {
  const store = new MemoryRunStore({ keepFinished: 2 });
  await started(store, 'paused');
  await store.transition('paused', ['running'], 'awaiting', {
    awaiting: { node: 'ask', kind: 'input' } as never,
  });
  for (let i = 0; i < 50; i++) {
    await started(store, `r${i}`);
    await finished(store, `r${i}`);
  }
  assert.equal((await store.getRun('paused'))?.status, 'awaiting');
  assert.deepEqual((await ids(store)).ids, ['r49', 'r48', 'paused']);
});

test('pages of listRuns neither skip nor repeat runs when older runs are forgotten between them', async () => {
  const store = new MemoryRunStore({ keepFinished: 1_500 });
  for (let i = 0; i < 3_000; i++) await started(store, `r${i}`);
  const first = await ids(store, 10);
  assert.deepEqual(first.ids.slice(0, 2), ['r2999', 'r2998']);
  // Finishing all forgets the oldest 1,500, enough to compact the store's order of runs.
  for (let i = 0; i < 3_000; i++) await finished(store, `r${i}`);
  const seen = [...first.ids];
  for (let cursor = first.next; cursor;) {
    const page = await ids(store, 100, cursor);
    seen.push(...page.ids);
    cursor = page.next;
  }
  assert.equal(seen.length, 1_500);
  assert.equal(new Set(seen).size, 1_500);
  assert.deepEqual(seen.slice(-1), ['r1500']);
});

test('a parent is forgotten with its finished child runs; a child still running counts once it finishes', async () => {
  const store = new MemoryRunStore({ keepFinished: 1 });
  await started(store, 'p');
  await store.createRun(run('done', 'p'));
  await store.createRun(run('busy', 'p'));
  await finished(store, 'done', 'p');
  // The children did not count while their parent was kept.
  assert.ok(await store.getRun('done'));
  await started(store, 'q');
  await finished(store, 'q');
  assert.equal(await store.getRun('p'), undefined);
  assert.equal(await store.getRun('done'), undefined);
  assert.equal((await store.getRun('busy'))?.status, 'running');
  await finished(store, 'busy');
  assert.equal(await store.getRun('q'), undefined);
  assert.equal((await store.getRun('busy'))?.status, 'completed');
});

test('a forgotten run keeps its idempotency key until it expires, so its start is never made twice', async () => {
  const store = new MemoryRunStore({ keepFinished: 1 });
  const claim = { key: 'k1', fingerprint: 'f', expiresAt: Date.now() + 60_000 };
  assert.equal(await store.createRun(run('a'), [], undefined, claim), undefined);
  await finished(store, 'a');
  await started(store, 'c');
  await finished(store, 'c');
  assert.equal(await store.getRun('a'), undefined);
  assert.deepEqual(await store.createRun(run('d'), [], undefined, claim), { runId: 'a', fingerprint: 'f' });
  const expired = { key: 'k2', fingerprint: 'f', expiresAt: Date.now() - 1 };
  assert.equal(await store.createRun(run('e'), [], undefined, expired), undefined);
  assert.equal(
    await store.createRun(run('g'), [], undefined, expired),
    undefined,
    'an expired key holds nothing',
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RunStore } from '../store.js';
import { runRecord as run, seqs, startedEvent as event } from './fixtures.js';

/** What the runtime counts on beyond round trips: write order, a finished node stored once, id prefixes, leases. */
export function storeGuarantees(open: () => Promise<RunStore>): void {
  test("a run's writes land in the order they were issued; a reader sees its events in seq order", async () => {
    const store = await open();
    await store.createRun(run('w1'), [event('w1', 0, 'start')]);
    await store.createRun(run('w2'), [event('w2', 0, 'start')]);
    const seen: number[] = [];
    let writing = true;
    // A follower reads what is after the last event it saw, as the server's SSE does, while writes go on.
    const reader = (async () => {
      for (;;) {
        const last = writing;
        seen.push(...seqs(await store.events('w1', seen.at(-1) ?? -1)));
        if (!last) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // Issued without waiting for each other, as the committer does with an asynchronous store; two runs interleaved.
    const writes: unknown[] = [];
    for (let i = 0; i < 20; i++)
      for (const id of ['w1', 'w2']) {
        const seq = 1 + 2 * i;
        const node = { node: `n${i}`, status: 'done' as const, writes: [{ path: ['i'], value: i }] };
        writes.push(store.saveNodes(id, [node], [event(id, seq, `n${i}`)]));
        writes.push(store.appendEvents([event(id, seq + 1, `after n${i}`)]));
      }
    writes.push(store.transition('w1', ['running'], 'completed', {}, undefined, [event('w1', 41, 'end')]));
    await Promise.all(writes);
    writing = false;
    await reader;
    const all = Array.from({ length: 42 }, (_, i) => i);
    assert.deepEqual(seen, all, 'every event once, in order, with none skipped');
    assert.deepEqual(seqs(await store.events('w2')), all.slice(0, 41));
    assert.deepEqual(
      (await store.nodes('w2')).map((n) => n.node),
      Array.from({ length: 20 }, (_, i) => `n${i}`),
    );
    assert.equal((await store.getRun('w1'))?.status, 'completed');
    await store.close();
  });

  test('a finished node is stored once: a second result for it fails that whole commit', async () => {
    const store = await open();
    await store.createRun(run('o1'));
    await store.saveNodes('o1', [{ node: 'ask', status: 'awaiting', writes: [] }], [event('o1', 0, 'ask')]);
    await store.saveNodes(
      'o1',
      [
        { node: 'ask', status: 'done', writes: [{ path: ['a'], value: 1 }] },
        { node: 'skip', status: 'skipped', writes: [] },
      ],
      [event('o1', 1, 'ask')],
    );
    const again = [
      { node: 'ask', status: 'done' as const, writes: [{ path: ['a'], value: 2 }] },
      { node: 'ask', status: 'awaiting' as const, writes: [] },
      { node: 'skip', status: 'done' as const, writes: [] },
    ];
    for (const record of again)
      await assert.rejects(
        // A new node in the same commit is not stored either; nor are the commit's events.
        async () =>
          store.saveNodes('o1', [{ node: 'new', status: 'done', writes: [] }, record], [event('o1', 2, 'x')]),
        /result is already stored/,
        `${record.node} saved again as ${record.status}`,
      );
    assert.deepEqual(await store.nodes('o1'), [
      { node: 'ask', status: 'done', writes: [{ path: ['a'], value: 1 }] },
      { node: 'skip', status: 'skipped', writes: [] },
    ]);
    assert.deepEqual(seqs(await store.events('o1')), [0, 1]);
    // The run goes on: the next commit is stored.
    await store.saveNodes('o1', [{ node: 'new', status: 'done', writes: [] }], [event('o1', 2, 'new')]);
    assert.deepEqual(seqs(await store.events('o1')), [0, 1, 2]);
    await store.close();
  });

  test('runs are found by a prefix of their id: newest first, literally, with the other filters', async () => {
    const store = await open();
    const ids = ['aaaa1111-01', 'aaaa1111-02', 'aaaa2222-03', 'bbbb1111-04', 'aaaa_111-05', 'aaaa%111-06'];
    for (const id of ids) await store.createRun(run(id));
    const uuids = Array.from({ length: 20 }, () => randomUUID());
    for (const id of uuids) await store.createRun(run(id));
    const found = async (idPrefix: string, more: { status?: 'running' | 'completed'; limit?: number } = {}) =>
      (await store.listRuns({ limit: more.limit ?? 10, idPrefix, status: more.status })).runs.map(
        (r) => r.id,
      );
    assert.deepEqual(await found('aaaa1111'), ['aaaa1111-02', 'aaaa1111-01']);
    assert.deepEqual(await found('aaaa'), [
      'aaaa%111-06',
      'aaaa_111-05',
      'aaaa2222-03',
      'aaaa1111-02',
      'aaaa1111-01',
    ]);
    // SQL wildcards in a prefix are plain characters.
    assert.deepEqual(await found('aaaa_'), ['aaaa_111-05']);
    assert.deepEqual(await found('aaaa%'), ['aaaa%111-06']);
    assert.deepEqual(await found('aaaa1111-01'), ['aaaa1111-01']);
    assert.deepEqual(await found('cccc'), []);
    for (const id of uuids.slice(0, 5)) {
      const short = id.slice(0, 8);
      assert.deepEqual(await found(short), uuids.filter((u) => u.startsWith(short)).reverse());
    }
    await store.transition('aaaa1111-02', ['running'], 'completed');
    assert.deepEqual(await found('aaaa1111', { status: 'running' }), ['aaaa1111-01']);
    assert.deepEqual(await found('aaaa1111', { status: 'completed' }), ['aaaa1111-02']);
    const first = await store.listRuns({ limit: 1, idPrefix: 'aaaa1111' });
    assert.deepEqual([first.runs[0].id, typeof first.next], ['aaaa1111-02', 'string']);
    const second = await store.listRuns({ limit: 1, idPrefix: 'aaaa1111', cursor: first.next });
    assert.deepEqual([second.runs.map((r) => r.id), second.next], [['aaaa1111-01'], undefined]);
    await store.close();
  });

  test('a lease is renewed only by the owner of a running run', async () => {
    const store = await open();
    await store.createRun(run('l1', { owner: 'h:1:a', leaseUntil: 1000 }));
    await store.renewLease('l1', 'h:2:b', 5000);
    assert.equal((await store.getRun('l1'))?.leaseUntil, 1000);
    await store.renewLease('l1', 'h:1:a', 6000);
    assert.equal((await store.getRun('l1'))?.leaseUntil, 6000);
    await store.transition('l1', ['running'], 'completed');
    await store.renewLease('l1', 'h:1:a', 9000);
    assert.equal((await store.getRun('l1'))?.leaseUntil, 6000);
    await store.close();
  });
}

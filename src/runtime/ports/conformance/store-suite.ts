import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunRecord, RunStore } from '../store.js';
import { runRecord as run, seqs, startedEvent as event, type SuiteOptions } from './fixtures.js';
import { idempotencyKeys } from './idempotency-suite.js';
import { retention } from './retention-suite.js';
import { storeGuarantees } from './store-guarantees.js';
import { webhookOutbox } from './webhook-suite.js';

/**
 * The run store's conformance suite: registers node:test tests that every `RunStore` must pass (the
 * memory, SQLite and PostgreSQL stores run it; so should yours). `open` gives a new, empty store each
 * time; each test closes the store it opened. See ARCHITECTURE.md, Ports and their suites.
 */
export function runStoreSuite(open: () => Promise<RunStore>, options: SuiteOptions): void {
  describe(`${options.name} run store`, { skip: options.skip || undefined }, () => {
    storeBasics(open);
    skillSources(open);
    idempotencyKeys(open);
    retention(open);
    storeGuarantees(open);
    webhookOutbox(open);
  });
}

/** Runs pinned to their skill's files: each digest's files stored once, read back, dropped when unused. */
function skillSources(open: () => Promise<RunStore>): void {
  test("a run's skill files are stored once per digest, read back, and dropped when no run refers to them", async () => {
    const store = await open();
    const source = { digest: 'd'.repeat(64), files: { '/x.md': '# skill: s', '/x/prompt.md': '二' } };
    const pinned = (id: string) =>
      run(id, { skill: { id: 's', version: '1.0.0', source: '/x.md', digest: source.digest } });
    await store.createRun(pinned('p1'), [], source);
    await store.createRun(pinned('p2'), [], source);
    assert.deepEqual(await store.getSource(source.digest), source.files);
    assert.equal((await store.getRun('p1'))?.skill.digest, source.digest);
    assert.equal(
      (await store.listRuns({ limit: 5 })).runs.find((r) => r.id === 'p2')?.skill.digest,
      source.digest,
    );
    assert.equal(await store.getSource('e'.repeat(64)), undefined);
    assert.equal(await store.deleteUnusedSources(), 0, 'runs still refer to it');
    await store.close();
  });
}

/** Round trips, commit points, conditional transitions, listings, cancel requests. */
function storeBasics(open: () => Promise<RunStore>): void {
  test('runs, nodes and events round-trip', async () => {
    const store = await open();
    await store.createRun(run('r1'));
    await store.appendEvents([event('r1', 0, 'a')]);
    await store.saveNodes(
      'r1',
      [{ node: 'a', status: 'done', writes: [{ path: ['x', 'y'], value: [1, '二'] }] }],
      [event('r1', 1, 'a')],
    );
    await store.saveNodes('r1', [{ node: 'r', status: 'done', writes: [], chosen: ['b'] }], []);
    assert.deepEqual(await store.nodes('r1'), [
      { node: 'a', status: 'done', writes: [{ path: ['x', 'y'], value: [1, '二'] }] },
      { node: 'r', status: 'done', writes: [], chosen: ['b'] },
    ]);
    assert.deepEqual(seqs(await store.events('r1')), [0, 1]);
    const got = await store.getRun('r1');
    assert.equal(got?.status, 'running');
    assert.deepEqual(got?.input, { a: 1 });
    assert.equal(await store.getRun('nope'), undefined);
    await store.close();
  });

  test("a commit point's rows go together; a child run of a subgraph keeps its graph", async () => {
    const store = await open();
    const child = run('c1', { skill: { id: 's', version: '1.0.0', source: '/x.md', graph: 'inner' } });
    await store.createRun(child, [event('c1', 0, 'start')]);
    assert.deepEqual((await store.getRun('c1'))?.skill, child.skill);
    assert.deepEqual((await store.listRuns({ limit: 1 })).runs[0].skill, child.skill);
    await store.saveNodes(
      'c1',
      [
        { node: 'a', status: 'done', writes: [] },
        { node: 'b', status: 'skipped', writes: [] },
      ],
      [event('c1', 1, 'a'), event('c1', 2, 'b')],
    );
    assert.deepEqual(
      (await store.nodes('c1')).map((n) => [n.node, n.status]),
      [
        ['a', 'done'],
        ['b', 'skipped'],
      ],
    );
    // A transition's events are stored only if the run moved.
    assert.equal(
      await store.transition('c1', ['awaiting'], 'failed', {}, undefined, [event('c1', 3, 'x')]),
      false,
    );
    assert.equal(
      await store.transition('c1', ['running'], 'completed', {}, undefined, [event('c1', 3, 'end')]),
      true,
    );
    assert.deepEqual(
      (await store.events('c1')).map((e) => [e.seq, 'node' in e ? e.node : '']),
      [
        [0, 'start'],
        [1, 'a'],
        [2, 'b'],
        [3, 'end'],
      ],
    );
    await store.close();
  });

  test('transitions are conditional, so only one resume can claim a run', async () => {
    const store = await open();
    await store.createRun(run('r2'));
    const awaiting = { step: 'ask', message: 'ok?', inputSchema: { type: 'object' } };
    assert.equal(await store.transition('r2', ['running'], 'awaiting', { awaiting, owner: undefined }), true);
    assert.deepEqual((await store.getRun('r2'))?.awaiting, awaiting);
    // 50 resumes at once: exactly one claims the run.
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.transition('r2', ['awaiting'], 'running', { owner: `p${i}` }),
      ),
    );
    assert.equal(claims.filter(Boolean).length, 1);
    assert.equal(
      await store.transition('r2', ['running'], 'running', { owner: 'p3' }, 'someone-else'),
      false,
    );
    const owner = (await store.getRun('r2'))!.owner!;
    assert.equal(
      await store.transition('r2', ['running'], 'completed', { output: { done: true } }, owner),
      true,
    );
    const done = await store.getRun('r2');
    assert.deepEqual([done?.status, done?.output], ['completed', { done: true }]);
    await store.close();
  });

  test('listRuns is newest first, filtered, paged by cursor', async () => {
    const store = await open();
    for (const [id, skill] of [
      ['r1', 'a'],
      ['r2', 'b'],
      ['r3', 'a'],
      ['r4', 'a'],
      ['r5', 'b'],
    ])
      await store.createRun(run(id, { skill: { id: skill, version: '1.0.0', source: '/x.md' } }));
    await store.transition('r4', ['running'], 'completed');
    const ids = (p: { runs: RunRecord[] }) => p.runs.map((r) => r.id);
    const first = await store.listRuns({ limit: 2 });
    assert.deepEqual(ids(first), ['r5', 'r4']);
    const second = await store.listRuns({ limit: 2, cursor: first.next });
    assert.deepEqual(ids(second), ['r3', 'r2']);
    const last = await store.listRuns({ limit: 2, cursor: second.next });
    assert.deepEqual([ids(last), last.next], [['r1'], undefined]);
    const skillA = await store.listRuns({ limit: 1, skill: 'a' });
    assert.deepEqual(ids(skillA), ['r4']);
    assert.deepEqual(ids(await store.listRuns({ limit: 5, skill: 'a', cursor: skillA.next })), ['r3', 'r1']);
    assert.deepEqual(ids(await store.listRuns({ limit: 5, status: 'running', skill: 'a' })), ['r3', 'r1']);
    assert.deepEqual(ids(await store.listRuns({ limit: 5, status: 'completed' })), ['r4']);
    await store.close();
  });

  test('events after a seq; cancel requests only for running runs', async () => {
    const store = await open();
    await store.createRun(run('e1'));
    await store.appendEvents([event('e1', 0, 'a'), event('e1', 1, 'b'), event('e1', 3, 'c')]);
    assert.deepEqual(seqs(await store.events('e1', 1)), [3]);
    assert.deepEqual(await store.events('e1', 3), []);
    assert.equal((await store.events('e1', -1)).length, 3);
    assert.equal(await store.cancelRequested('e1'), false);
    assert.equal(await store.requestCancel('e1'), true);
    assert.equal(await store.cancelRequested('e1'), true);
    await store.transition('e1', ['running'], 'completed');
    await store.createRun(run('e2', { status: 'awaiting' }));
    assert.equal(await store.requestCancel('e2'), false);
    assert.equal(await store.requestCancel('nope'), false);
    await store.close();
  });

  test('a node saved again after it awaited keeps its place and takes its latest record', async () => {
    const store = await open();
    await store.createRun(run('n1'));
    await store.saveNodes('n1', [{ node: 'ask', status: 'awaiting', writes: [] }], [event('n1', 0, 'ask')]);
    await store.saveNodes(
      'n1',
      [{ node: 'b', status: 'done', writes: [{ path: ['b'], value: 1 }] }],
      [event('n1', 1, 'b'), event('n1', 2, 'x')],
    );
    await store.saveNodes(
      'n1',
      [{ node: 'ask', status: 'done', writes: [{ path: ['answer'], value: 'yes' }] }],
      [event('n1', 3, 'ask')],
    );
    assert.deepEqual(await store.nodes('n1'), [
      { node: 'ask', status: 'done', writes: [{ path: ['answer'], value: 'yes' }] },
      { node: 'b', status: 'done', writes: [{ path: ['b'], value: 1 }] },
    ]);
    assert.deepEqual(seqs(await store.events('n1', 1)), [2, 3]);
    await store.close();
  });
}

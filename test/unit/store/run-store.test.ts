import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunEvent, RunRecord, RunStore } from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';
import { PostgresRunStore } from '../../../src/store/postgres/store.js';
import { SCHEMA_VERSION } from '../../../src/store/postgres/migrations.js';
import Database from 'better-sqlite3';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';

// One conformance suite, run against every store; PostgreSQL's tests skip (with a notice) where it is absent.
const pgUp = await postgresAvailable();
const dropAfter: (() => Promise<void>)[] = [];
after(() => Promise.all(dropAfter.map((drop) => drop())));

const stores: [string, () => Promise<RunStore>, { skip?: string }][] = [
  [
    'sqlite',
    async () => new SqliteRunStore(join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db')),
    {},
  ],
  ['memory', async () => new MemoryRunStore(), {}],
  [
    'postgres',
    async () => {
      const db = await createDatabase('store');
      dropAfter.push(db.drop);
      return PostgresRunStore.open(db.url);
    },
    pgUp ? {} : { skip: 'no PostgreSQL' },
  ],
];

function run(id: string): RunRecord {
  const now = new Date().toISOString();
  return {
    id,
    skill: { id: 's', version: '1.0.0', source: '/x.md' },
    input: { a: 1 },
    status: 'running',
    owner: 'h:1:x',
    createdAt: now,
    updatedAt: now,
  };
}

const event = (runId: string, seq: number, node: string): RunEvent => ({
  runId,
  seq,
  at: 'now',
  type: 'node_started',
  node,
  kind: 'tool',
  attempt: 1,
});

for (const [name, open, options] of stores) {
  test(`${name} store: runs, nodes and events round-trip`, options, async () => {
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
    assert.deepEqual(
      (await store.events('r1')).map((e) => e.seq),
      [0, 1],
    );
    const got = await store.getRun('r1');
    assert.equal(got?.status, 'running');
    assert.deepEqual(got?.input, { a: 1 });
    assert.equal(await store.getRun('nope'), undefined);
    await store.close();
  });

  test(
    `${name} store: a commit point's rows go together; a child run of a subgraph keeps its graph`,
    options,
    async () => {
      const store = await open();
      const child = { ...run('c1'), skill: { id: 's', version: '1.0.0', source: '/x.md', graph: 'inner' } };
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
    },
  );

  test(
    `${name} store: transitions are conditional, so only one resume can claim a run`,
    options,
    async () => {
      const store = await open();
      await store.createRun(run('r2'));
      const awaiting = { step: 'ask', message: 'ok?', inputSchema: { type: 'object' } };
      assert.equal(
        await store.transition('r2', ['running'], 'awaiting', { awaiting, owner: undefined }),
        true,
      );
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
    },
  );

  test(`${name} store: listRuns is newest first, filtered, paged by cursor`, options, async () => {
    const store = await open();
    for (const [id, skill] of [
      ['r1', 'a'],
      ['r2', 'b'],
      ['r3', 'a'],
      ['r4', 'a'],
      ['r5', 'b'],
    ])
      await store.createRun({ ...run(id), skill: { id: skill, version: '1.0.0', source: '/x.md' } });
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

  test(`${name} store: events after a seq; cancel requests only for running runs`, options, async () => {
    const store = await open();
    await store.createRun(run('e1'));
    await store.appendEvents([event('e1', 0, 'a'), event('e1', 1, 'b'), event('e1', 3, 'c')]);
    assert.deepEqual(
      (await store.events('e1', 1)).map((e) => e.seq),
      [3],
    );
    assert.deepEqual(await store.events('e1', 3), []);
    assert.equal((await store.events('e1', -1)).length, 3);
    assert.equal(await store.cancelRequested('e1'), false);
    assert.equal(await store.requestCancel('e1'), true);
    assert.equal(await store.cancelRequested('e1'), true);
    await store.transition('e1', ['running'], 'completed');
    await store.createRun({ ...run('e2'), status: 'awaiting' });
    assert.equal(await store.requestCancel('e2'), false);
    assert.equal(await store.requestCancel('nope'), false);
    await store.close();
  });
}

for (const [name, open, options] of stores)
  test(`${name} store: a node saved again keeps its place and takes its latest record`, options, async () => {
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
    assert.deepEqual(
      (await store.events('n1', 1)).map((e) => e.seq),
      [2, 3],
    );
    await store.close();
  });

test('sqlite store: a file with a row per node and per event (before batches) keeps its runs resumable', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const seed = new SqliteRunStore(file);
  await seed.createRun(run('old'));
  await seed.close();
  const old = new Database(file);
  old.exec(`CREATE TABLE nodes (run_id TEXT NOT NULL, node TEXT NOT NULL, status TEXT NOT NULL, writes TEXT NOT NULL,
      chosen TEXT, child_run_id TEXT, PRIMARY KEY (run_id, node));
    CREATE TABLE events (run_id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (run_id, seq));`);
  const node = old.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?)');
  node.run('old', 'pick', 'done', '[{"path":["p"],"value":2}]', '["b"]', null);
  node.run('old', 'call', 'done', '[]', null, 'child-1');
  const insert = old.prepare('INSERT INTO events VALUES (?, ?, ?)');
  for (const seq of [0, 1, 2]) insert.run('old', seq, JSON.stringify(event('old', seq, `n${seq}`)));
  old.close();
  const store = new SqliteRunStore(file);
  assert.deepEqual(await store.nodes('old'), [
    { node: 'pick', status: 'done', writes: [{ path: ['p'], value: 2 }], chosen: ['b'] },
    { node: 'call', status: 'done', writes: [], childRunId: 'child-1' },
  ]);
  assert.deepEqual(
    (await store.events('old', 0)).map((e) => [e.seq, e.type === 'node_started' && e.node]),
    [
      [1, 'n1'],
      [2, 'n2'],
    ],
  );
  await store.saveNodes('old', [{ node: 'last', status: 'done', writes: [] }], [event('old', 3, 'last')]);
  assert.equal((await store.events('old')).length, 4);
  await store.close();
  assert.equal((await new SqliteRunStore(file).nodes('old')).length, 3, 'opened again: migrated once');
});

test('sqlite store: another connection sees committed runs (resumable from any process)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const a = new SqliteRunStore(file);
  const b = new SqliteRunStore(file);
  await a.createRun(run('shared'));
  await a.saveNodes('shared', [{ node: 'n', status: 'done', writes: [] }], []);
  assert.equal((await b.getRun('shared'))?.id, 'shared');
  assert.equal((await b.nodes('shared')).length, 1);
  await a.close();
  await b.close();
});

test('sqlite store: a file made before runs kept their subgraph gains the column and keeps its runs', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const old = new Database(file);
  old.exec(`CREATE TABLE runs (id TEXT PRIMARY KEY, skill_id TEXT NOT NULL, skill_version TEXT NOT NULL,
    skill_source TEXT NOT NULL, input TEXT, status TEXT NOT NULL, output TEXT, error TEXT, awaiting TEXT,
    parent_run_id TEXT, owner TEXT, lease_until INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
  old
    .prepare(
      `INSERT INTO runs (id, skill_id, skill_version, skill_source, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run('before', 's', '1.0.0', '/x.md', 'completed', 'then', 'then');
  old.close();
  const store = new SqliteRunStore(file);
  assert.deepEqual((await store.getRun('before'))?.skill, { id: 's', version: '1.0.0', source: '/x.md' });
  await store.createRun({
    ...run('after'),
    skill: { id: 's', version: '1.0.0', source: '/x.md', graph: 'g' },
  });
  assert.equal((await store.getRun('after'))?.skill.graph, 'g');
  await store.close();
});

test(
  'postgres store: migrations are versioned and run once when processes start together',
  { skip: !pgUp && 'no PostgreSQL' },
  async () => {
    const db = await createDatabase('migrate');
    dropAfter.push(db.drop);
    const stores = await Promise.all([1, 2, 3].map(() => PostgresRunStore.open(db.url, { max: 2 })));
    const { rows } = await stores[0].pool.query('SELECT version FROM skein.migrations ORDER BY version');
    assert.deepEqual(
      rows.map((r) => r.version),
      [SCHEMA_VERSION],
    );
    await stores[0].pool.query('INSERT INTO skein.migrations (version) VALUES ($1)', [SCHEMA_VERSION + 1]);
    await assert.rejects(
      PostgresRunStore.open(db.url),
      /schema version 2, newer than this Skein's 1; upgrade Skein/,
    );
    await Promise.all(stores.map((s) => s.close()));
  },
);

test(
  'postgres store: a finished node is stored once; a second result fails its whole commit',
  { skip: !pgUp && 'no PostgreSQL' },
  async () => {
    const db = await createDatabase('once');
    dropAfter.push(db.drop);
    const store = await PostgresRunStore.open(db.url);
    await store.createRun(run('n1'));
    await store.saveNodes('n1', [{ node: 'ask', status: 'awaiting', writes: [] }], [event('n1', 0, 'ask')]);
    await store.saveNodes(
      'n1',
      [{ node: 'ask', status: 'done', writes: [{ path: ['a'], value: 1 }] }],
      [event('n1', 1, 'ask')],
    );
    await assert.rejects(
      Promise.resolve(
        store.saveNodes(
          'n1',
          [{ node: 'ask', status: 'done', writes: [{ path: ['a'], value: 2 }] }],
          [event('n1', 2, 'x')],
        ),
      ),
      /a node's result is already stored/,
    );
    assert.deepEqual(await store.nodes('n1'), [
      { node: 'ask', status: 'done', writes: [{ path: ['a'], value: 1 }] },
    ]);
    assert.deepEqual(
      (await store.events('n1')).map((e) => e.seq),
      [0, 1],
    );
    await store.close();
  },
);

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunEvent, RunRecord } from '../../../src/runtime/index.js';
import { runStoreSuite } from '../../../src/runtime/ports/conformance/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';

// The store port's conformance suite over the stores that need no server (PostgreSQL's run is in
// test/integration/store), then what is SQLite's own: files of earlier versions, several connections.
runStoreSuite(async () => new MemoryRunStore(), { name: 'memory' });
runStoreSuite(async () => new SqliteRunStore(join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db')), {
  name: 'sqlite',
});

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

test('sqlite store: a file with a row per node and per event (before batches) keeps its runs resumable', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const seed = new SqliteRunStore(file);
  await seed.createRun(run('old'));
  await seed.close();
  const old = new Database(file);
  old.pragma('user_version = 0'); // as the versions before it marked none
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

test('sqlite store: a digest is kept as 32 bytes; one stored as hex text before reads back the same', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const store = new SqliteRunStore(file);
  const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
  const pinned = (id: string, digest: string) => ({
    ...run(id),
    skill: { id: 's', version: '1.0.0', source: '/x.md', digest },
  });
  await store.createRun(pinned('blob', a), [], { digest: a, files: { '/x.md': 'A' } });
  await store.createRun(pinned('text', b), [], { digest: b, files: { '/x.md': 'B' } });
  await store.close();
  const db = new Database(file);
  assert.equal(db.prepare(`SELECT typeof(skill_digest) FROM runs WHERE id = 'blob'`).pluck().get(), 'blob');
  db.prepare(`UPDATE runs SET skill_digest = ? WHERE id = 'text'`).run(b); // as a store of before kept it
  db.close();
  const reopened = new SqliteRunStore(file);
  assert.equal((await reopened.getRun('blob'))?.skill.digest, a);
  assert.equal((await reopened.getRun('text'))?.skill.digest, b);
  assert.equal(await reopened.deleteUnusedSources(), 0, 'both digests are in use, whichever way kept');
  await reopened.close();
});

test('sqlite store: writes of many runs at once commit together, and one that fails fails alone', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const store = new SqliteRunStore(file);
  await store.createRun(run('twice'));
  await store.saveNodes('twice', [{ node: 'n', status: 'done', writes: [] }], []);
  // Asked for in one go: 200 new runs with an event each, a finished node stored a second time, a
  // run created twice, and transitions.
  const ids = Array.from({ length: 200 }, (_, i) => `r${i}`);
  const writes = [
    ...ids.map((id) => store.createRun(run(id), [event(id, 0, 'a')])),
    Promise.resolve(store.saveNodes('twice', [{ node: 'n', status: 'done', writes: [] }], [])),
    store.createRun(run('r0')),
    ...ids.slice(0, 100).map((id) => store.transition(id, ['running'], 'completed', { output: id })),
  ];
  const settled = await Promise.allSettled(writes);
  const rejected = settled.flatMap((s, i) => (s.status === 'rejected' ? [i] : []));
  assert.deepEqual(rejected, [200, 201], 'only the node stored twice and the run created twice fail');
  assert.ok(settled.slice(202).every((s) => s.status === 'fulfilled' && s.value === true));
  // Committed, as another connection (another process) sees the file.
  const other = new SqliteRunStore(file);
  assert.equal((await other.getRun('r0'))?.status, 'completed');
  assert.equal((await other.getRun('r0'))?.output, 'r0');
  assert.equal((await other.getRun('r199'))?.status, 'running');
  assert.equal((await other.events('r199')).length, 1);
  assert.deepEqual(
    (await other.nodes('twice')).map((r) => r.node),
    ['n'],
  );
  await other.close();
  await store.close();
});

test('sqlite store: more writes at once than a transaction takes go in waves, runs that got through first, each run in order', async () => {
  const store = new SqliteRunStore(join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db'));
  const ids = Array.from({ length: 1200 }, (_, i) => `w${i}`);
  const order: string[] = [];
  let late: Promise<unknown> | undefined;
  // Each run as the runtime drives one: created, then events it does not wait for, a commit, its end.
  await Promise.all(
    ids.map(async (id) => {
      await store.createRun(run(id), [event(id, 0, 'a')]);
      order.push(`created ${id}`);
      // A run started once the first have gone through waits for those started before it.
      late ??= store.createRun(run('late')).then(() => order.push('created late'));
      void store.appendEvents([event(id, 1, 'b')]);
      await store.saveNodes(id, [{ node: 'b', status: 'done', writes: [] }], [event(id, 2, 'c')]);
      assert.ok(await store.transition(id, ['running'], 'completed', {}, undefined, [event(id, 3, 'd')]));
      order.push(`completed ${id}`);
    }),
  );
  await late;
  assert.ok(
    order.indexOf('completed w0') < order.indexOf('created w1199'),
    'the first runs end before the last are created',
  );
  assert.ok(
    order.indexOf('created late') > order.indexOf('created w1199'),
    'new runs go in the order they came',
  );
  for (const id of [ids[0], ids[700], ids[1199]]) {
    assert.deepEqual(
      (await store.events(id)).map((e) => e.seq),
      [0, 1, 2, 3],
    );
    assert.equal((await store.getRun(id))?.status, 'completed');
  }
  await store.close();
});

test('sqlite store: events are kept without their run id, and read back as their JSON, whatever their text', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-store-')), 'runs.db');
  const store = new SqliteRunStore(file);
  const id = 'run-ids-are-in-the-row';
  await store.createRun(run(id));
  const odd = 'say "hi" \\ \u0001 \u2028 \ud800 é 𝄞';
  const at = new Date().toISOString();
  const events: RunEvent[] = [
    { runId: id, seq: 0, at, type: 'node_started', node: odd, kind: 'template', attempt: 1 },
    {
      runId: id,
      seq: 1,
      at,
      type: 'node_finished',
      node: odd,
      kind: 'template',
      value: { runId: id, seq: 1, text: odd },
      ms: 3,
    },
    { runId: id, seq: 2, at: 'later', type: 'node_finished', node: 'b', kind: 'tool', ms: 0 },
    {
      runId: id,
      seq: 3,
      at,
      type: 'node_finished',
      node: 'c',
      kind: 'tool',
      value: [NaN, () => 1, undefined],
      ms: NaN,
    },
    { runId: id, seq: 4, at, type: 'node_finished', node: 'd', kind: 'tool', value: () => 1, ms: 1 },
    { runId: id, seq: 5, at, type: 'log', node: odd, text: odd },
    { runId: id, seq: 6, at, type: 'completed', output: { runId: id } },
  ];
  await store.appendEvents(events);
  // What a reader gets is each event as JSON has it, its run id included.
  assert.deepEqual(await store.events(id), JSON.parse(JSON.stringify(events)));
  assert.deepEqual(await store.events(id, 4), JSON.parse(JSON.stringify(events.slice(5))));
  await store.close();
  const db = new Database(file);
  const body = db.prepare('SELECT body FROM event_batches WHERE run_id = ?').pluck().get(id) as string;
  // The run id is left in the values that hold it (two), not repeated in each event.
  assert.equal(body.split(id).length - 1, 2);
  // A batch stored by an earlier version, each event with its run id, reads back the same.
  db.prepare('INSERT INTO event_batches (run_id, last_seq, body) VALUES (?, ?, ?)').run(
    id,
    7,
    JSON.stringify([event(id, 7, 'late')]),
  );
  db.close();
  const reopened = new SqliteRunStore(file);
  assert.deepEqual(await reopened.events(id, 6), [event(id, 7, 'late')]);
  await reopened.close();
});

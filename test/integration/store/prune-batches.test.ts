// Retention in batches: more runs than one transaction deletes (PRUNE_BATCH), with child runs and
// events, on SQLite and PostgreSQL; awaiting and recent runs stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRUNE_BATCH, type RunRecord, type RunStore } from '../../../src/runtime/index.js';
import { PostgresRunStore } from '../../../src/store/postgres/store.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';
import { createDatabase, postgresAvailable } from '../../helpers/postgres.js';

const OLD = '2020-01-01T00:00:00.000Z';
const TOP = PRUNE_BATCH * 2 + 300;

function run(id: string, fields: Partial<RunRecord> = {}): RunRecord {
  return {
    id,
    skill: { id: 's', version: '1.0.0', source: '/s.md' },
    input: {},
    status: 'completed',
    createdAt: OLD,
    updatedAt: OLD,
    ...fields,
  };
}

async function prunesInBatches(store: RunStore): Promise<void> {
  const event = (runId: string) => [{ runId, seq: 0, at: OLD, type: 'log' as const, node: 'a', text: 'x' }];
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < TOP; i++) {
    writes.push(store.createRun(run(`t${i}`, { status: i % 2 ? 'completed' : 'failed' }), event(`t${i}`)));
    if (i % 10 === 0) writes.push(store.createRun(run(`c${i}`, { parentRunId: `t${i}` }), event(`c${i}`)));
  }
  writes.push(
    store.createRun(run('paused', { status: 'awaiting' })),
    store.createRun(run('recent', { updatedAt: new Date().toISOString() })),
  );
  await Promise.all(writes);
  const pruned = await store.pruneRuns({ before: new Date(Date.now() - 60_000).toISOString() });
  assert.equal(pruned.length, TOP + Math.ceil(TOP / 10));
  assert.equal(pruned.filter((r) => r.parentRunId).length, Math.ceil(TOP / 10));
  const left = await store.listRuns({ limit: 10 });
  assert.deepEqual(left.runs.map((r) => r.id).sort(), ['paused', 'recent']);
  assert.deepEqual(await store.events('t7'), []);
  await store.close();
}

test(`SQLite prunes ${TOP} runs and their child runs, ${PRUNE_BATCH} top-level runs a transaction`, async () => {
  await prunesInBatches(new SqliteRunStore(join(mkdtempSync(join(tmpdir(), 'skein-prune-')), 'runs.db')));
});

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test(
  `PostgreSQL prunes ${TOP} runs and their child runs, ${PRUNE_BATCH} top-level runs a transaction`,
  { skip },
  async () => {
    const db = await createDatabase('prunebatch');
    try {
      await prunesInBatches(await PostgresRunStore.open(db.url));
    } finally {
      await db.drop();
    }
  },
);

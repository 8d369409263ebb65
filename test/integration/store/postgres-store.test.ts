// The store port's conformance suite over PostgreSQL (a database of its own per test, skipped with a
// notice where none is running), then what is PostgreSQL's own: versioned migrations.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { runStoreSuite } from '../../../src/runtime/ports/conformance/index.js';
import { PostgresRunStore } from '../../../src/store/postgres/store.js';
import { SCHEMA_VERSION } from '../../../src/store/postgres/migrations.js';
import { createDatabase, postgresAvailable, terminateConnections } from '../../helpers/postgres.js';

const skip = !(await postgresAvailable()) && 'no PostgreSQL';
const dropAfter: (() => Promise<void>)[] = [];
after(() => Promise.all(dropAfter.map((drop) => drop())));

/** A new database of this test's own, dropped after the file. */
async function database(name: string): Promise<{ url: string }> {
  const db = await createDatabase(name);
  dropAfter.push(db.drop);
  return db;
}

runStoreSuite(
  async () => {
    return PostgresRunStore.open((await database('store')).url);
  },
  { name: 'postgres', skip },
);

test(
  'postgres store: migrations are versioned and run once when processes start together',
  { skip },
  async () => {
    const db = await database('migrate');
    const stores = await Promise.all([1, 2, 3].map(() => PostgresRunStore.open(db.url, { max: 2 })));
    const { rows } = await stores[0].pool.query('SELECT version FROM skein.migrations ORDER BY version');
    assert.deepEqual(
      rows.map((r) => r.version),
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
    );
    await stores[0].pool.query('INSERT INTO skein.migrations (version) VALUES ($1)', [SCHEMA_VERSION + 1]);
    await assert.rejects(
      PostgresRunStore.open(db.url),
      new RegExp(
        `schema version ${SCHEMA_VERSION + 1}, newer than this Skein's ${SCHEMA_VERSION}; upgrade Skein`,
      ),
    );
    await Promise.all(stores.map((s) => s.close()));
  },
);

test(
  'postgres store: a database at schema 1 gains the id-prefix index and keeps its runs',
  { skip },
  async () => {
    const db = await database('migrate1');
    const first = await PostgresRunStore.open(db.url);
    await first.pool.query(`DROP INDEX skein.runs_id_prefix; DELETE FROM skein.migrations WHERE version > 1`);
    await first.pool.query(
      `INSERT INTO skein.runs (id, skill_id, skill_version, skill_source, status, created_at, updated_at)
     VALUES ('0f3a1b2c-old', 's', '1.0.0', '/x.md', 'completed', 'then', 'then')`,
    );
    await first.close();
    const store = await PostgresRunStore.open(db.url);
    assert.deepEqual(
      (await store.listRuns({ limit: 5, idPrefix: '0f3a1b2c' })).runs.map((r) => r.id),
      ['0f3a1b2c-old'],
    );
    const { rows } = await store.pool.query(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'skein' AND indexname = 'runs_id_prefix'`,
    );
    assert.equal(rows.length, 1);
    await store.close();
  },
);

test(
  'postgres store: a connection dropped while handed out fails its next query and ends nothing else',
  { skip },
  async () => {
    const db = await database('dropped');
    const store = await PostgresRunStore.open(db.url);
    // A connection handed out and between two statements, as a transaction or a pending checkout holds it.
    const held = await store.pool.connect();
    const ended = new Promise((resolve) => held.once('end', resolve));
    assert.ok((await terminateConnections(db.url)) > 0);
    await ended;
    const error = await held.query('SELECT 1').then(
      () => assert.fail('a dropped connection answered'),
      (e: Error) => e,
    );
    assert.match(error.message, /not queryable|terminat/i);
    held.release(error);
    assert.deepEqual((await store.listRuns({ limit: 5 })).runs, []);
    await store.close();
  },
);

// The SQLite run store's tables, and the moves that bring a store made by an earlier version up to them.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteOptions } from '../sqlite/addon.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  skill_id TEXT NOT NULL,
  skill_version TEXT NOT NULL,
  skill_source TEXT NOT NULL,
  skill_graph TEXT,
  skill_digest TEXT,
  input TEXT,
  status TEXT NOT NULL,
  output TEXT,
  error TEXT,
  awaiting TEXT,
  parent_run_id TEXT,
  owner TEXT,
  lease_until INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
DROP INDEX IF EXISTS runs_created;
CREATE INDEX IF NOT EXISTS runs_status ON runs(status);
CREATE INDEX IF NOT EXISTS runs_skill ON runs(skill_id);
CREATE INDEX IF NOT EXISTS runs_parent ON runs(parent_run_id);
CREATE TABLE IF NOT EXISTS node_batches (
  run_id TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS node_batches_run ON node_batches(run_id);
CREATE TABLE IF NOT EXISTS event_batches (
  run_id TEXT NOT NULL,
  last_seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (run_id, last_seq)
);
CREATE TABLE IF NOT EXISTS cancel_requests (
  run_id TEXT PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  delivered_at TEXT
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries(status, next_attempt_at);
CREATE INDEX IF NOT EXISTS webhook_deliveries_run ON webhook_deliveries(run_id);
CREATE TABLE IF NOT EXISTS skill_sources (
  digest TEXT PRIMARY KEY,
  files TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON idempotency_keys(expires_at);
CREATE INDEX IF NOT EXISTS idempotency_keys_run ON idempotency_keys(run_id);
`;

/**
 * The embedded run store: one SQLite file in WAL mode. Each write is one transaction with all its rows
 * (a run and its first events, nodes and the events up to them, a transition and its events);
 * `synchronous = NORMAL` keeps every commit safe from a killed process (a power cut may lose the last
 * commits, never corrupt the file). Statements and transactions are prepared once.
 */

/**
 * Opens (or creates) a store's file in WAL mode with the pragmas the store relies on, its tables made
 * or brought up to date.
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, sqliteOptions());
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  // 4 MB of page cache instead of better-sqlite3's 16 MB: the store reads a run's few rows by key, and a
  // busy process filled all 16 MB (10,000 runs paused, then resumed: peak RSS 12 MB lower, with ~9,000
  // more page reads from the OS's cache over the 20,000 runs' 5 s of CPU, and no CPU difference measured).
  db.pragma('cache_size = -4000');
  createSchema(db);
  return db;
}

/** Bumped with each change below: a file at this version (`user_version`) needs none of the work. */
const SCHEMA_VERSION = 1;

/** Creates the tables a store needs, and brings those of an earlier version up to date. */
export function createSchema(db: Database.Database): void {
  // A file this version or a later one made is up to date: opening it skips ~1 ms of statements.
  if (upToDate(db)) return;
  // One process at a time, and once: two servers opening a new file together both found a column
  // missing and both added it, and the second failed ("duplicate column name").
  db.transaction(() => upToDate(db) || updateSchema(db)).immediate();
}

function upToDate(db: Database.Database): boolean {
  return (db.pragma('user_version', { simple: true }) as number) >= SCHEMA_VERSION;
}

function updateSchema(db: Database.Database): void {
  db.exec(SCHEMA);
  addColumn(db, 'runs', 'skill_graph', 'TEXT');
  addColumn(db, 'runs', 'webhook', 'TEXT');
  addColumn(db, 'runs', 'skill_digest', 'TEXT');
  // No index on the digest: ~74 B per run (bench/pinning-disk.ts); only retention reads by it, in one scan.
  db.exec('DROP INDEX IF EXISTS runs_digest');
  addColumn(db, 'runs', 'forked_from_run', 'TEXT');
  addColumn(db, 'runs', 'forked_from_step', 'TEXT');
  db.exec('CREATE INDEX IF NOT EXISTS runs_forked_from ON runs(forked_from_run)');
  migrateRowPerRecord(db);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

/**
 * Moves the node and event rows of a store made by an earlier version (one row per node, one per
 * event) into batches of one, in one transaction, so its runs can still be inspected and resumed.
 */
function migrateRowPerRecord(db: Database.Database): void {
  const has = (table: string) =>
    db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(table) === 1;
  if (!has('events') && !has('nodes')) return;
  db.transaction(() => {
    if (has('events')) {
      db.exec(`INSERT OR IGNORE INTO event_batches (run_id, last_seq, body)
               SELECT run_id, seq, '[' || body || ']' FROM events ORDER BY run_id, seq;
               DROP TABLE events;`);
    }
    if (has('nodes')) {
      db.exec(`INSERT INTO node_batches (run_id, body)
               SELECT run_id, json_array(json_patch('{}', json_object('node', node, 'status', status,
                 'writes', json(writes), 'chosen', json(chosen), 'childRunId', child_run_id))) FROM nodes ORDER BY rowid;
               DROP TABLE nodes;`);
    }
  }).immediate();
}

/** Adds a column to a table made by an earlier version, unless it is there. */
function addColumn(db: Database.Database, table: string, column: string, type: string): void {
  const columns = db.pragma(`table_info(${table})`) as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

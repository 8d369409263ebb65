import type Database from 'better-sqlite3';

/** The names of the store's fixed statements. */
type StatementName =
  | 'insertRun'
  | 'getRun'
  | 'insertNodes'
  | 'nodes'
  | 'batchesAfter'
  | 'insertEvents'
  | 'events'
  | 'requestCancel'
  | 'cancelRequested'
  | 'running'
  | 'renew';

/** The store's fixed statements. */
export type Statements = Record<StatementName, Database.Statement>;

/** The SQLite store's statements of fixed shape, prepared once per store. */
export function prepareStatements(db: Database.Database): Statements {
  return {
    insertRun: db.prepare(
      `INSERT INTO runs (id, skill_id, skill_version, skill_source, skill_graph, skill_digest, input, status, output, error, awaiting, parent_run_id, owner, lease_until, created_at, updated_at, webhook)
       VALUES (@id, @skill_id, @skill_version, @skill_source, @skill_graph, @skill_digest, @input, @status, @output, @error, @awaiting, @parent_run_id, @owner, @lease_until, @created_at, @updated_at, @webhook)`,
    ),
    getRun: db.prepare('SELECT * FROM runs WHERE id = ?'),
    insertNodes: db.prepare('INSERT INTO node_batches (run_id, body) VALUES (?, ?)'),
    nodes: db.prepare('SELECT body FROM node_batches WHERE run_id = ? ORDER BY rowid').pluck(),
    batchesAfter: db.prepare('SELECT body FROM node_batches WHERE run_id = ? AND rowid > ? ORDER BY rowid'),
    insertEvents: db.prepare('INSERT INTO event_batches (run_id, last_seq, body) VALUES (?, ?, ?)'),
    events: db.prepare('SELECT body FROM event_batches WHERE run_id = ? AND last_seq > ? ORDER BY last_seq'),
    requestCancel: db.prepare(
      `INSERT OR IGNORE INTO cancel_requests (run_id) SELECT id FROM runs WHERE id = ? AND status = 'running'`,
    ),
    cancelRequested: db.prepare('SELECT 1 FROM cancel_requests WHERE run_id = ?').pluck(),
    running: db.prepare(`SELECT 1 FROM runs WHERE id = ? AND status = 'running'`).pluck(),
    renew: db.prepare('UPDATE runs SET lease_until = ? WHERE id = ? AND owner = ? AND status = ?'),
  };
}

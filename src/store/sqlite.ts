import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';
import { toRecord, type RunRow } from './run-row.js';
import {
  isoNow,
  type RunEvent,
  type RunStatus,
  type NodeRecord,
  type RunPage,
  type RunQuery,
  type RunRecord,
  type RunStore,
} from '../runtime/index.js';

/** Commits after which checkpoints move to a worker thread (see `wrote`). */
const BACKGROUND_CHECKPOINTS_AFTER = 300;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  skill_id TEXT NOT NULL,
  skill_version TEXT NOT NULL,
  skill_source TEXT NOT NULL,
  skill_graph TEXT,
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
CREATE TABLE IF NOT EXISTS nodes (
  run_id TEXT NOT NULL,
  node TEXT NOT NULL,
  status TEXT NOT NULL,
  writes TEXT NOT NULL,
  chosen TEXT,
  child_run_id TEXT,
  PRIMARY KEY (run_id, node)
);
CREATE TABLE IF NOT EXISTS events (
  run_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);
CREATE TABLE IF NOT EXISTS cancel_requests (
  run_id TEXT PRIMARY KEY
);
`;

/**
 * The embedded run store: one SQLite file in WAL mode. Each write is one transaction with all its rows
 * (a run and its first events, nodes and the events up to them, a transition and its events);
 * `synchronous = NORMAL` keeps every commit safe from a killed process (a power cut may lose the last
 * commits, never corrupt the file). Statements and transactions are prepared once.
 */
export class SqliteRunStore implements RunStore {
  private readonly db: Database.Database;
  private readonly stmt;
  private readonly tx;
  private commits = 0;
  private checkpointer: Checkpointer | undefined;
  /** Statements made of parts (transitions, listings), prepared once per shape. */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    this.db.exec(SCHEMA);
    addColumn(this.db, 'runs', 'skill_graph', 'TEXT');
    this.stmt = {
      insertRun: this.db.prepare(
        `INSERT INTO runs (id, skill_id, skill_version, skill_source, skill_graph, input, status, output, error, awaiting, parent_run_id, owner, lease_until, created_at, updated_at)
         VALUES (@id, @skill_id, @skill_version, @skill_source, @skill_graph, @input, @status, @output, @error, @awaiting, @parent_run_id, @owner, @lease_until, @created_at, @updated_at)`,
      ),
      getRun: this.db.prepare('SELECT * FROM runs WHERE id = ?'),
      upsertNode: this.db.prepare(
        `INSERT INTO nodes (run_id, node, status, writes, chosen, child_run_id) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, node) DO UPDATE SET status = excluded.status, writes = excluded.writes, chosen = excluded.chosen, child_run_id = excluded.child_run_id`,
      ),
      nodes: this.db.prepare(
        'SELECT node, status, writes, chosen, child_run_id FROM nodes WHERE run_id = ? ORDER BY rowid',
      ),
      insertEvent: this.db.prepare('INSERT INTO events (run_id, seq, body) VALUES (?, ?, ?)'),
      events: this.db.prepare('SELECT body FROM events WHERE run_id = ? AND seq > ? ORDER BY seq'),
      requestCancel: this.db.prepare(
        `INSERT OR IGNORE INTO cancel_requests (run_id) SELECT id FROM runs WHERE id = ? AND status = 'running'`,
      ),
      cancelRequested: this.db.prepare('SELECT 1 FROM cancel_requests WHERE run_id = ?').pluck(),
      running: this.db.prepare(`SELECT 1 FROM runs WHERE id = ? AND status = 'running'`).pluck(),
      renew: this.db.prepare('UPDATE runs SET lease_until = ? WHERE id = ? AND owner = ? AND status = ?'),
    };
    this.tx = {
      createRun: this.db.transaction((run: RunRecord, events: readonly RunEvent[]) => {
        this.stmt.insertRun.run(runRow(run));
        this.insertEvents(events);
      }),
      saveNodes: this.db.transaction(
        (runId: string, records: readonly NodeRecord[], events: readonly RunEvent[]) => {
          for (const r of records)
            this.stmt.upsertNode.run(
              runId,
              r.node,
              r.status,
              JSON.stringify(r.writes),
              json(r.chosen),
              r.childRunId ?? null,
            );
          this.insertEvents(events);
        },
      ),
      appendEvents: this.db.transaction((events: readonly RunEvent[]) => this.insertEvents(events)),
      transition: this.db.transaction((sql: string, values: unknown[], events: readonly RunEvent[]) => {
        const moved = this.statement(sql).run(...values).changes === 1;
        if (moved) this.insertEvents(events);
        return moved;
      }),
    };
  }

  private insertEvents(events: readonly RunEvent[]): void {
    for (const e of events) this.stmt.insertEvent.run(e.runId, e.seq, JSON.stringify(e));
  }

  async createRun(run: RunRecord, events: RunEvent[] = []): Promise<void> {
    this.wrote();
    this.tx.createRun(run, events);
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const row = this.stmt.getRun.get(id) as RunRow | undefined;
    return row && toRecord(row);
  }

  saveNodes(runId: string, records: readonly NodeRecord[], events: RunEvent[]): void {
    if (!records.length && !events.length) return;
    this.wrote();
    this.tx.saveNodes(runId, records, events);
  }

  async nodes(runId: string): Promise<NodeRecord[]> {
    const rows = this.stmt.nodes.all(runId) as {
      node: string;
      status: NodeRecord['status'];
      writes: string;
      chosen: string | null;
      child_run_id: string | null;
    }[];
    return rows.map((r) => ({
      node: r.node,
      status: r.status,
      writes: JSON.parse(r.writes),
      ...(r.chosen ? { chosen: JSON.parse(r.chosen) } : {}),
      ...(r.child_run_id ? { childRunId: r.child_run_id } : {}),
    }));
  }

  appendEvents(events: RunEvent[]): void {
    if (!events.length) return;
    this.wrote();
    this.tx.appendEvents(events);
  }

  async events(runId: string, afterSeq = -1): Promise<RunEvent[]> {
    return (this.stmt.events.all(runId, afterSeq) as { body: string }[]).map((r) => JSON.parse(r.body));
  }

  async transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields: Partial<Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil'>> = {},
    expectOwner?: string,
    events: RunEvent[] = [],
  ): Promise<boolean> {
    const sets = ['status = ?', 'updated_at = ?'];
    const values: unknown[] = [to, isoNow()];
    const column = {
      output: 'output',
      error: 'error',
      awaiting: 'awaiting',
      owner: 'owner',
      leaseUntil: 'lease_until',
    } as const;
    for (const [k, v] of Object.entries(fields) as [keyof typeof column, unknown][]) {
      sets.push(`${column[k]} = ?`);
      values.push(k === 'owner' || k === 'leaseUntil' ? (v ?? null) : json(v));
    }
    let where = `id = ? AND status IN (${from.map(() => '?').join(', ')})`;
    values.push(runId, ...from);
    if (expectOwner !== undefined) {
      where += ' AND owner IS ?';
      values.push(expectOwner);
    }
    this.wrote();
    return this.tx.transition(`UPDATE runs SET ${sets.join(', ')} WHERE ${where}`, values, events);
  }

  async renewLease(runId: string, owner: string, until: number): Promise<void> {
    this.stmt.renew.run(until, runId, owner, 'running');
  }

  async listRuns(query: RunQuery): Promise<RunPage> {
    // Newest first by rowid (the order runs were inserted); the cursor is the last row's rowid.
    const filters = [
      ['status = ?', query.status],
      ['skill_id = ?', query.skill],
      // A range on the primary key: every id that starts with the prefix sorts between these two.
      ['id >= ?', query.idPrefix],
      ['id < ?', query.idPrefix === undefined ? undefined : `${query.idPrefix}\u{10FFFF}`],
      ['rowid < ?', query.cursor === undefined ? undefined : Number(query.cursor)],
    ].filter(([, value]) => value !== undefined) as [string, unknown][];
    const where = filters.length ? `WHERE ${filters.map(([sql]) => sql).join(' AND ')}` : '';
    const sql = `SELECT rowid AS position, * FROM runs ${where} ORDER BY rowid DESC LIMIT ?`;
    const rows = this.statement(sql).all(...filters.map(([, value]) => value), query.limit + 1) as (RunRow & {
      position: number;
    })[];
    const page: RunPage = { runs: rows.slice(0, query.limit).map(toRecord) };
    if (rows.length > query.limit) page.next = String(rows[query.limit - 1].position);
    return page;
  }

  async requestCancel(runId: string): Promise<boolean> {
    this.stmt.requestCancel.run(runId);
    return this.stmt.running.get(runId) === 1;
  }

  async cancelRequested(runId: string): Promise<boolean> {
    return this.stmt.cancelRequested.get(runId) === 1;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /**
   * Counts commits; a process that writes a lot (a server) hands checkpoints to a worker thread
   * after its first few hundred, while a short command keeps SQLite's own.
   */
  private wrote(): void {
    if (++this.commits !== BACKGROUND_CHECKPOINTS_AFTER || this.file === ':memory:') return;
    this.db.pragma('wal_autocheckpoint = 0');
    this.checkpointer = startCheckpointer(this.file);
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.db.close();
  }
}

/** The row of a new run. */
function runRow(run: RunRecord): RunRow {
  return {
    id: run.id,
    skill_id: run.skill.id,
    skill_version: run.skill.version,
    skill_source: run.skill.source,
    skill_graph: run.skill.graph ?? null,
    input: json(run.input),
    status: run.status,
    output: json(run.output),
    error: json(run.error),
    awaiting: json(run.awaiting),
    parent_run_id: run.parentRunId ?? null,
    owner: run.owner ?? null,
    lease_until: run.leaseUntil ?? null,
    created_at: run.createdAt,
    updated_at: run.updatedAt,
  };
}

/** Adds a column to a table made by an earlier version, unless it is there. */
function addColumn(db: Database.Database, table: string, column: string, type: string): void {
  const columns = db.pragma(`table_info(${table})`) as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}

function json(v: unknown): string | null {
  return v === undefined ? null : JSON.stringify(v);
}

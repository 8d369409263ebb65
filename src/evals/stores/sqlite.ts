import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteOptions } from '../../sqlite/addon.js';
import {
  ExperimentAmbiguous,
  type CellRecord,
  type ExperimentPage,
  type ExperimentRecord,
  type ExperimentStore,
} from '../experiment.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS experiments (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS experiment_cells (
  experiment_id TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS experiment_cells_experiment ON experiment_cells(experiment_id);
`;

/**
 * Experiments in SQLite: tables of their own in the run store's file (`runs.db`), so a cell's run is one
 * lookup away. An experiment and each cell are one JSON row; cells are added as they finish.
 */
export class SqliteExperimentStore implements ExperimentStore {
  private readonly db: Database.Database;
  private readonly stmt;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, sqliteOptions());
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.stmt = {
      insert: this.db.prepare('INSERT INTO experiments (id, body) VALUES (?, ?)'),
      body: this.db.prepare<[string], { body: string }>('SELECT body FROM experiments WHERE id = ?'),
      update: this.db.prepare('UPDATE experiments SET body = ? WHERE id = ?'),
      prefix: this.db.prepare<[string], { body: string }>(
        "SELECT body FROM experiments WHERE id LIKE ? ESCAPE '\\' ORDER BY position LIMIT 6",
      ),
      newest: this.db.prepare<[number], { body: string; id: string }>(
        'SELECT id, body FROM experiments ORDER BY position DESC LIMIT ?',
      ),
      older: this.db.prepare<[string, number], { body: string; id: string }>(
        'SELECT id, body FROM experiments WHERE position < (SELECT position FROM experiments WHERE id = ?) ORDER BY position DESC LIMIT ?',
      ),
      cell: this.db.prepare('INSERT INTO experiment_cells (experiment_id, body) VALUES (?, ?)'),
      cells: this.db.prepare<[string], { body: string }>(
        'SELECT body FROM experiment_cells WHERE experiment_id = ? ORDER BY rowid',
      ),
    };
  }

  async create(experiment: ExperimentRecord): Promise<void> {
    this.stmt.insert.run(experiment.id, JSON.stringify(experiment));
  }

  async addCells(cells: readonly CellRecord[]): Promise<void> {
    this.db.transaction(() => {
      for (const cell of cells) this.stmt.cell.run(cell.experimentId, JSON.stringify(cell));
    })();
  }

  async finish(id: string, status: ExperimentRecord['status'], finishedAt: string): Promise<void> {
    this.db.transaction(() => {
      const row = this.stmt.body.get(id);
      if (!row) return;
      const record = JSON.parse(row.body) as ExperimentRecord;
      this.stmt.update.run(JSON.stringify({ ...record, status, finishedAt }), id);
    })();
  }

  async get(idOrPrefix: string): Promise<ExperimentRecord | undefined> {
    const exact = this.stmt.body.get(idOrPrefix);
    if (exact) return JSON.parse(exact.body) as ExperimentRecord;
    const rows = this.stmt.prefix.all(`${idOrPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const found = rows.map((r) => JSON.parse(r.body) as ExperimentRecord);
    if (found.length > 1)
      throw new ExperimentAmbiguous(
        idOrPrefix,
        found.map((e) => e.id),
      );
    return found[0];
  }

  async list(query: { limit: number; cursor?: string }): Promise<ExperimentPage> {
    const rows = query.cursor
      ? this.stmt.older.all(query.cursor, query.limit + 1)
      : this.stmt.newest.all(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      experiments: page.map((r) => JSON.parse(r.body) as ExperimentRecord),
      ...(rows.length > query.limit ? { next: page.at(-1)!.id } : {}),
    };
  }

  async cells(id: string): Promise<CellRecord[]> {
    return this.stmt.cells.all(id).map((r) => JSON.parse(r.body) as CellRecord);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

import pg from 'pg';
import { dropTolerant } from '../../store/postgres/drop-tolerant-pool.js';
import {
  ExperimentAmbiguous,
  type CellRecord,
  type ExperimentPage,
  type ExperimentRecord,
  type ExperimentStore,
} from '../experiment.js';

/** Tables of their own in the run store's `skein` schema, created when missing (under a lock, as several processes may open at once). */
const SCHEMA = `
SELECT pg_advisory_xact_lock(7340301);
CREATE SCHEMA IF NOT EXISTS skein;
CREATE TABLE IF NOT EXISTS skein.experiments (
  position BIGSERIAL PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  body JSONB NOT NULL
);
CREATE TABLE IF NOT EXISTS skein.experiment_cells (
  position BIGSERIAL PRIMARY KEY,
  experiment_id TEXT NOT NULL,
  body JSONB NOT NULL
);
CREATE INDEX IF NOT EXISTS experiment_cells_experiment ON skein.experiment_cells (experiment_id, position);
`;

/** Experiments on PostgreSQL, beside the shared run store (docs/operations.md). */
export class PostgresExperimentStore implements ExperimentStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects to `url` and creates the tables when missing. */
  static async open(url: string): Promise<PostgresExperimentStore> {
    const pool = dropTolerant(new pg.Pool({ connectionString: url, max: 4 }));
    try {
      await pool.query(`BEGIN; ${SCHEMA} COMMIT;`);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresExperimentStore(pool);
  }

  async create(experiment: ExperimentRecord): Promise<void> {
    await this.pool.query('INSERT INTO skein.experiments (id, body) VALUES ($1, $2)', [
      experiment.id,
      JSON.stringify(experiment),
    ]);
  }

  async addCells(cells: readonly CellRecord[]): Promise<void> {
    if (!cells.length) return;
    await this.pool.query(
      'INSERT INTO skein.experiment_cells (experiment_id, body) SELECT * FROM unnest($1::text[], $2::jsonb[])',
      [cells.map((c) => c.experimentId), cells.map((c) => JSON.stringify(c))],
    );
  }

  async finish(id: string, status: ExperimentRecord['status'], finishedAt: string): Promise<void> {
    await this.pool.query('UPDATE skein.experiments SET body = body || $2::jsonb WHERE id = $1', [
      id,
      JSON.stringify({ status, finishedAt }),
    ]);
  }

  async get(idOrPrefix: string): Promise<ExperimentRecord | undefined> {
    const { rows } = await this.pool.query<{ body: ExperimentRecord }>(
      `SELECT body FROM skein.experiments WHERE id = $1
       UNION ALL (SELECT body FROM skein.experiments WHERE id LIKE $2 AND id <> $1 ORDER BY position LIMIT 6)`,
      [idOrPrefix, `${idOrPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
    );
    const exact = rows.find((r) => r.body.id === idOrPrefix);
    if (exact) return exact.body;
    if (rows.length > 1)
      throw new ExperimentAmbiguous(
        idOrPrefix,
        rows.map((r) => r.body.id),
      );
    return rows[0]?.body;
  }

  async list(query: { limit: number; cursor?: string }): Promise<ExperimentPage> {
    const { rows } = await this.pool.query<{ id: string; body: ExperimentRecord }>(
      query.cursor
        ? 'SELECT id, body FROM skein.experiments WHERE position < (SELECT position FROM skein.experiments WHERE id = $2) ORDER BY position DESC LIMIT $1'
        : 'SELECT id, body FROM skein.experiments ORDER BY position DESC LIMIT $1',
      query.cursor ? [query.limit + 1, query.cursor] : [query.limit + 1],
    );
    const page = rows.slice(0, query.limit);
    return {
      experiments: page.map((r) => r.body),
      ...(rows.length > query.limit ? { next: page.at(-1)!.id } : {}),
    };
  }

  async cells(id: string): Promise<CellRecord[]> {
    const { rows } = await this.pool.query<{ body: CellRecord }>(
      'SELECT body FROM skein.experiment_cells WHERE experiment_id = $1 ORDER BY position',
      [id],
    );
    return rows.map((r) => r.body);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

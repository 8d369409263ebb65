import type Database from 'better-sqlite3';
import { PRUNE_BATCH, type PrunedRun, type PruneQuery } from '../runtime/index.js';

/** What a pruned run's row says of it. */
const PRUNED_COLUMNS =
  'id, skill_id AS skill, skill_version AS version, status, updated_at AS updatedAt, parent_run_id AS parentRunId';

/** The tables whose rows belong to a run (`run_id`), deleted with it. */
const RUN_TABLES = [
  'node_batches',
  'event_batches',
  'cancel_requests',
  'webhook_deliveries',
  'idempotency_keys',
];

/**
 * Retention in the SQLite store: finished top-level runs last updated before a time, a batch at a time,
 * with their finished child runs (and theirs) and every row of theirs, each batch one transaction.
 */
export class SqlitePrune {
  private readonly stmt;
  private readonly deleteBatch;

  constructor(db: Database.Database) {
    this.stmt = {
      // `LIMIT -1` is no limit (a dry run lists them all).
      select: db.prepare(
        `WITH RECURSIVE doomed(id) AS (
           SELECT id FROM (SELECT id FROM runs WHERE parent_run_id IS NULL AND status IN (?, ?) AND updated_at < ?
                           ORDER BY rowid LIMIT ?)
           UNION SELECT r.id FROM runs r JOIN doomed d ON r.parent_run_id = d.id WHERE r.status IN ('completed', 'failed'))
         SELECT ${PRUNED_COLUMNS} FROM runs WHERE id IN (SELECT id FROM doomed)`,
      ),
      deletes: [
        ...RUN_TABLES.map((t) => `DELETE FROM ${t} WHERE run_id IN (SELECT value FROM json_each(?))`),
        'DELETE FROM runs WHERE id IN (SELECT value FROM json_each(?))',
      ].map((sql) => db.prepare(sql)),
      expiredKeys: db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?'),
    };
    this.deleteBatch = db.transaction((query: PruneQuery, limit: number): PrunedRun[] => {
      const runs = this.select(query, limit);
      const ids = JSON.stringify(runs.map((r) => r.id));
      for (const statement of this.stmt.deletes) statement.run(ids);
      return runs;
    });
  }

  /** Prunes (see `RunStore.pruneRuns`), each batch a write `commit` runs (the store's group commit). */
  async prune(query: PruneQuery, commit: <T>(write: () => T) => Promise<T>): Promise<PrunedRun[]> {
    if (query.dryRun) return this.select(query, -1);
    const pruned: PrunedRun[] = [];
    for (let batch; (batch = await commit(() => this.deleteBatch(query, PRUNE_BATCH))).length;)
      pruned.push(...batch);
    await commit(() => this.stmt.expiredKeys.run(Date.now()));
    return pruned;
  }

  /** The runs a query selects: at most `limit` top-level ones (-1: all) with their finished child runs. */
  private select(query: PruneQuery, limit: number): PrunedRun[] {
    const [first, second] = query.status ? [query.status, query.status] : ['completed', 'failed'];
    const rows = this.stmt.select.all(first, second, query.before, limit) as (PrunedRun & {
      parentRunId: string | null;
    })[];
    return rows.map(({ parentRunId, ...run }) => (parentRunId ? { ...run, parentRunId } : run));
  }
}

import { PRUNE_BATCH, type PrunedRun, type PruneQuery } from '../../runtime/index.js';
import type { Tx } from './transaction.js';

/** What a store gives retention: transactions and single statements, each retried on a lost connection. */
interface PruneTarget {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  execute(sql: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The top-level runs a query selects, oldest first (at most `$4`; NULL: all), with their finished child runs. */
const SELECT = `
WITH RECURSIVE doomed(id) AS (
  SELECT id FROM (SELECT id FROM skein.runs WHERE parent_run_id IS NULL AND status = ANY($1) AND updated_at < $2
                  ORDER BY position LIMIT $3 %LOCK%) top
  UNION SELECT r.id FROM skein.runs r JOIN doomed d ON r.parent_run_id = d.id WHERE r.status IN ('completed', 'failed'))
SELECT id, skill_id AS skill, skill_version AS version, status, updated_at AS "updatedAt", parent_run_id AS "parentRunId"
FROM skein.runs WHERE id IN (SELECT id FROM doomed)`;

/**
 * Retention on PostgreSQL (see `RunStore.pruneRuns`): a transaction per batch of `PRUNE_BATCH`
 * top-level runs, their rows locked with SKIP LOCKED so that no batch waits on a run another process
 * is writing; nodes and events go with their run (ON DELETE CASCADE), webhook deliveries and
 * idempotency keys by run id.
 */
export async function pruneRuns(store: PruneTarget, query: PruneQuery): Promise<PrunedRun[]> {
  const statuses = query.status ? [query.status] : ['completed', 'failed'];
  if (query.dryRun) {
    const { rows } = await store.execute(SELECT.replace('%LOCK%', ''), [statuses, query.before, null]);
    return (rows as PrunedRunRow[]).map(pruned);
  }
  const all: PrunedRun[] = [];
  for (;;) {
    const batch = await store.transaction(async (tx) => {
      const { rows } = await tx.query<PrunedRunRow>(SELECT.replace('%LOCK%', 'FOR UPDATE SKIP LOCKED'), [
        statuses,
        query.before,
        PRUNE_BATCH,
      ]);
      const ids = rows.map((r) => r.id);
      if (!ids.length) return [];
      await tx.query('DELETE FROM skein.webhook_deliveries WHERE run_id = ANY($1)', [ids]);
      await tx.query('DELETE FROM skein.idempotency_keys WHERE run_id = ANY($1)', [ids]);
      await tx.query('DELETE FROM skein.runs WHERE id = ANY($1)', [ids]);
      return rows.map(pruned);
    });
    if (!batch.length) break;
    all.push(...batch);
  }
  await store.execute('DELETE FROM skein.idempotency_keys WHERE expires_at <= $1', [Date.now()]);
  return all;
}

type PrunedRunRow = Omit<PrunedRun, 'parentRunId'> & { parentRunId: string | null };

function pruned({ parentRunId, ...run }: PrunedRunRow): PrunedRun {
  return parentRunId ? { ...run, parentRunId } : run;
}

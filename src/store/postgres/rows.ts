import type { RunEvent, RunRecord } from '../../runtime/index.js';
import type { Tx } from './transaction.js';
import { json, runRow, toRecord, type RunRow as SqlRunRow } from '../run-row.js';

/** A row of `skein.runs` as `pg` returns it (BIGINT columns come back as text). */
export interface RunRow extends SqlRunRow {
  position: string;
}

/** The columns of a new run, in `INSERT_RUN`'s order. */
export const INSERT_RUN = `INSERT INTO skein.runs (id, skill_id, skill_version, skill_source, skill_graph, skill_digest, input, status, output, error, awaiting, parent_run_id, owner, lease_until, created_at, updated_at, webhook)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`;

/** The parameters of `INSERT_RUN` for a run. */
export function runValues(run: RunRecord): unknown[] {
  return Object.values(runRow(run));
}

export { json, toRecord };

/** Stores events in one statement. */
export async function insertEvents(tx: Tx, events: readonly RunEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.query(
    'INSERT INTO skein.events (run_id, seq, body) SELECT * FROM unnest($1::text[], $2::int[], $3::text[])',
    [events.map((e) => e.runId), events.map((e) => e.seq), events.map((e) => JSON.stringify(e))],
  );
}

/** A cursor is a run's position; anything else is refused before it reaches SQL. */
export function cursorPosition(cursor: string): string {
  if (!/^\d+$/.test(cursor)) throw new Error(`invalid cursor "${cursor}"`);
  return cursor;
}

import type { RunRecord } from '../../runtime/index.js';
import { toRecord, type RunRow as SqlRunRow } from '../run-row.js';

/** A row of `skein.runs` as `pg` returns it (BIGINT columns come back as text). */
export interface RunRow extends SqlRunRow {
  position: string;
}

/** The columns of a new run, in `INSERT_RUN`'s order. */
export const INSERT_RUN = `INSERT INTO skein.runs (id, skill_id, skill_version, skill_source, skill_graph, input, status, output, error, awaiting, parent_run_id, owner, lease_until, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;

/** The parameters of `INSERT_RUN` for a run. */
export function runValues(run: RunRecord): unknown[] {
  return [
    run.id,
    run.skill.id,
    run.skill.version,
    run.skill.source,
    run.skill.graph ?? null,
    json(run.input),
    run.status,
    json(run.output),
    json(run.error),
    json(run.awaiting),
    run.parentRunId ?? null,
    run.owner ?? null,
    run.leaseUntil ?? null,
    run.createdAt,
    run.updatedAt,
  ];
}

/** JSON text kept as written (a TEXT column, not JSONB, so key order and numbers come back unchanged). */
export function json(v: unknown): string | null {
  return v === undefined ? null : JSON.stringify(v);
}

export { toRecord };

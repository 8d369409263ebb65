import type { RunRecord, RunStatus } from '../../runtime/index.js';

/** A row of `skein.runs` as `pg` returns it (BIGINT columns come back as text). */
export interface RunRow {
  id: string;
  position: string;
  skill_id: string;
  skill_version: string;
  skill_source: string;
  skill_graph: string | null;
  input: string | null;
  status: RunStatus;
  output: string | null;
  error: string | null;
  awaiting: string | null;
  parent_run_id: string | null;
  owner: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
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

function parse(v: string | null): unknown {
  return v === null ? undefined : JSON.parse(v);
}

/** The run a row holds. */
export function toRecord(row: RunRow): RunRecord {
  const r: RunRecord = {
    id: row.id,
    skill: {
      id: row.skill_id,
      version: row.skill_version,
      source: row.skill_source,
      ...(row.skill_graph !== null ? { graph: row.skill_graph } : {}),
    },
    input: parse(row.input),
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.output !== null) r.output = parse(row.output);
  if (row.error !== null) r.error = parse(row.error) as RunRecord['error'];
  if (row.awaiting !== null) r.awaiting = parse(row.awaiting) as RunRecord['awaiting'];
  if (row.parent_run_id) r.parentRunId = row.parent_run_id;
  if (row.owner) r.owner = row.owner;
  if (row.lease_until !== null) r.leaseUntil = Number(row.lease_until);
  return r;
}

import type { RunRecord, RunStatus } from '../runtime/index.js';

/** A run as the SQL stores keep it: one column per field, JSON text for values (a BIGINT lease may come back as text). */
export interface RunRow {
  id: string;
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
  lease_until: number | string | null;
  created_at: string;
  updated_at: string;
}

function parse(v: string | null): unknown {
  return v === null ? undefined : JSON.parse(v);
}

/** The run a row holds (SQLite and PostgreSQL alike). */
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

import type { RunRecord, RunStatus } from '../runtime/index.js';

/** A run as the SQL stores keep it: one column per field, JSON text for values (a BIGINT lease may come back as text). */
export interface RunRow {
  id: string;
  skill_id: string;
  skill_version: string;
  skill_source: string;
  skill_graph: string | null;
  /** Hex text; 32 bytes in SQLite (`digestBlob`). */
  skill_digest: string | Uint8Array | null;
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
  webhook: string | null;
  forked_from_run: string | null;
  forked_from_step: string | null;
}

/** A digest as SQLite keeps it: 32 bytes rather than 64 hex characters, ~32 B a run (bench/pinning-disk.ts). */
export function digestBlob(digest: string | null | undefined): Buffer | null {
  return digest ? Buffer.from(digest, 'hex') : null;
}

/** A stored digest as hex text, kept as bytes (SQLite) or as text (PostgreSQL, SQLite stores of before). */
function digestText(stored: string | Uint8Array): string {
  return typeof stored === 'string' ? stored : Buffer.from(stored).toString('hex');
}

function parse(v: string | null): unknown {
  return v === null ? undefined : JSON.parse(v);
}

/**
 * The text of the last row read, reused by the next row when equal: rows read one after another (10,000
 * runs resumed at once) mostly share their skill and the millisecond they were written in, and each
 * record would otherwise keep copies of its own while it waits.
 */
const last = { skill: undefined as RunRecord['skill'] | undefined, createdAt: '', updatedAt: '' };

/** The skill a row's run is of, the last one's object when it is the same (nobody writes into a run's reference). */
function skillOf(row: RunRow): RunRecord['skill'] {
  const graph = row.skill_graph ?? undefined;
  const digest = row.skill_digest ? digestText(row.skill_digest) : undefined;
  const s = last.skill;
  if (
    s?.id === row.skill_id &&
    s.version === row.skill_version &&
    s.source === row.skill_source &&
    s.graph === graph &&
    s.digest === digest
  )
    return s;
  return (last.skill = {
    id: row.skill_id,
    version: row.skill_version,
    source: row.skill_source,
    ...(graph !== undefined ? { graph } : {}),
    ...(digest ? { digest } : {}),
  });
}

/** `text`, or the equal text `key` of the last row had. */
function reused(key: 'createdAt' | 'updatedAt', text: string): string {
  return text === last[key] ? last[key] : (last[key] = text);
}

/** The run a row holds (SQLite and PostgreSQL alike). */
export function toRecord(row: RunRow): RunRecord {
  const r: RunRecord = {
    id: row.id,
    skill: skillOf(row),
    input: parse(row.input),
    status: row.status,
    createdAt: reused('createdAt', row.created_at),
    updatedAt: reused('updatedAt', row.updated_at),
  };
  if (row.output !== null) r.output = parse(row.output);
  if (row.error !== null) r.error = parse(row.error) as RunRecord['error'];
  if (row.awaiting !== null) r.awaiting = parse(row.awaiting) as RunRecord['awaiting'];
  if (row.parent_run_id) r.parentRunId = row.parent_run_id;
  if (row.owner) r.owner = row.owner;
  if (row.lease_until !== null) r.leaseUntil = Number(row.lease_until);
  if (row.webhook) r.webhook = row.webhook;
  if (row.forked_from_run) r.forkedFrom = { run: row.forked_from_run, step: row.forked_from_step ?? '' };
  return r;
}

/** JSON text kept as written (TEXT columns, so key order and numbers come back unchanged). */
export function json(v: unknown): string | null {
  return v === undefined ? null : JSON.stringify(v);
}

/** The row of a new run, its columns in the order of the stores' INSERT statements. */
export function runRow(run: RunRecord): RunRow {
  return {
    id: run.id,
    skill_id: run.skill.id,
    skill_version: run.skill.version,
    skill_source: run.skill.source,
    skill_graph: run.skill.graph ?? null,
    skill_digest: run.skill.digest ?? null,
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
    webhook: run.webhook ?? null,
    forked_from_run: run.forkedFrom?.run ?? null,
    forked_from_step: run.forkedFrom?.step ?? null,
  };
}

/** The fields a transition may set besides the status. */
export type TransitionFields = Partial<
  Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil' | 'skill'>
>;

const TRANSITION_COLUMNS = {
  output: 'output',
  error: 'error',
  awaiting: 'awaiting',
  owner: 'owner',
  leaseUntil: 'lease_until',
} as const;

/**
 * The columns a transition sets and their stored values (JSON text; the owner and lease as they are;
 * a run moved to another version of its skill: its version, source and digest).
 */
export function transitionColumns(fields: TransitionFields): [column: string, value: unknown][] {
  return (Object.entries(fields) as [keyof TransitionFields, unknown][]).flatMap(
    ([k, v]): [string, unknown][] => {
      if (k === 'skill') {
        const ref = v as RunRecord['skill'];
        return [
          ['skill_version', ref.version],
          ['skill_source', ref.source],
          ['skill_digest', ref.digest ?? null],
        ];
      }
      return [[TRANSITION_COLUMNS[k], k === 'owner' || k === 'leaseUntil' ? (v ?? null) : json(v)]];
    },
  );
}

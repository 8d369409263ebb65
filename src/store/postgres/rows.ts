import {
  isoNow,
  type NodeRecord,
  type RunEvent,
  type RunQuery,
  type RunRecord,
  type RunStatus,
} from '../../runtime/index.js';
import type { Tx } from './transaction.js';
import {
  json,
  runRow,
  toRecord,
  transitionColumns,
  type RunRow as SqlRunRow,
  type TransitionFields,
} from '../run-row.js';
import { CHANGED_COLUMNS } from '../delivery-row.js';

/** A row of `skein.runs` as `pg` returns it (BIGINT columns come back as text). */
export interface RunRow extends SqlRunRow {
  position: string;
}

/** The columns of a new run, in `INSERT_RUN`'s order. */
export const INSERT_RUN = `INSERT INTO skein.runs (id, skill_id, skill_version, skill_source, skill_graph, skill_digest, input, status, output, error, awaiting, parent_run_id, owner, lease_until, created_at, updated_at, webhook, forked_from_run, forked_from_step)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`;

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

/** The channel a run's id is notified on when its status changes (LISTEN in ./run-notices.ts). */
export const RUN_CHANNEL = 'skein_runs';
/** The channel a queue notifies when it queued a run, so that idle workers fetch at once (./queue.ts). */
export const QUEUE_CHANNEL = 'skein_queue';

/**
 * The UPDATE of a transition: to `to` from one of `from`, setting `fields` (and dropping a cancel
 * request when the run stops running), only while the owner is `expectOwner` when given; it returns
 * the changed run's columns for webhooks and notifies readers in other processes at COMMIT.
 */
export function transitionSql(
  runId: string,
  from: readonly RunStatus[],
  to: RunStatus,
  fields: TransitionFields,
  expectOwner: string | null | undefined,
): { sql: string; values: unknown[] } {
  const values: unknown[] = [runId, [...from], to, isoNow()];
  const sets = ['status = $3', 'updated_at = $4'];
  for (const [column, value] of transitionColumns(fields)) {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  if (to !== 'running') sets.push('cancel_requested = FALSE');
  let where = 'id = $1 AND status = ANY($2::text[])';
  if (expectOwner !== undefined) {
    values.push(expectOwner);
    where += ` AND owner IS NOT DISTINCT FROM $${values.length}`;
  }
  const sql = `UPDATE skein.runs SET ${sets.join(', ')} WHERE ${where}
      RETURNING ${CHANGED_COLUMNS}, pg_notify('${RUN_CHANNEL}', id)`;
  return { sql, values };
}

/**
 * One page of a table newest first (by `position`): `SELECT *` with each `column op` filter given a
 * parameter, the rows before `cursor`, and one row more than `limit` to tell whether a next page exists.
 */
export function pageQuery(
  table: string,
  filters: readonly (readonly [sql: string, value: unknown])[],
  limit: number,
  cursor?: string,
): { sql: string; values: unknown[] } {
  const all = cursor === undefined ? filters : [...filters, ['position <', cursorPosition(cursor)] as const];
  const values = all.map(([, value]) => value);
  const where = all.length ? `WHERE ${all.map(([sql], i) => `${sql} $${i + 1}`).join(' AND ')}` : '';
  values.push(limit + 1);
  return { sql: `SELECT * FROM ${table} ${where} ORDER BY position DESC LIMIT $${values.length}`, values };
}

/** A page of runs, newest first by the order they were created; the cursor is the last row's position. */
export function runsPageQuery(query: RunQuery): { sql: string; values: unknown[] } {
  const filters: [string, unknown][] = [];
  if (query.status !== undefined) filters.push(['status =', query.status]);
  if (query.skill !== undefined) filters.push(['skill_id =', query.skill]);
  if (query.version !== undefined) filters.push(['skill_version =', query.version]);
  if (query.forkOf !== undefined) filters.push(['forked_from_run =', query.forkOf]);
  // A shortened id: LIKE with its wildcards escaped, on an index in text_pattern_ops (migration 2).
  if (query.idPrefix !== undefined)
    filters.push(['id LIKE', `${query.idPrefix.replace(/[\\%_]/g, '\\$&')}%`]);
  return pageQuery('skein.runs', filters, query.limit, query.cursor);
}

/** A row of `skein.nodes` as `nodes` reads it. */
export interface NodeRow {
  node: string;
  status: NodeRecord['status'];
  writes: string;
  chosen: string | null;
  child_run_id: string | null;
}

/** A node's record from its row. */
export function toNodeRecord(r: NodeRow): NodeRecord {
  return {
    node: r.node,
    status: r.status,
    writes: JSON.parse(r.writes),
    ...(r.chosen ? { chosen: JSON.parse(r.chosen) } : {}),
    ...(r.child_run_id ? { childRunId: r.child_run_id } : {}),
  };
}

import type Database from 'better-sqlite3';
import { isoNow, type RunEvent, type RunQuery, type RunStatus } from '../runtime/index.js';
import { parseStoredEvents, storedEventsText } from './stored-events.js';
import { digestBlob, transitionColumns, type TransitionFields } from './run-row.js';

/** The names of the store's fixed statements. */
type StatementName =
  | 'insertRun'
  | 'getRun'
  | 'insertNodes'
  | 'nodes'
  | 'batchesAfter'
  | 'insertEvents'
  | 'events'
  | 'requestCancel'
  | 'cancelRequested'
  | 'running'
  | 'renew';

/** The store's fixed statements. */
export type Statements = Record<StatementName, Database.Statement>;

/** The SQLite store's statements of fixed shape, prepared once per store. */
export function prepareStatements(db: Database.Database): Statements {
  return {
    insertRun: db.prepare(
      `INSERT INTO runs (id, skill_id, skill_version, skill_source, skill_graph, skill_digest, input, status, output, error, awaiting, parent_run_id, owner, lease_until, created_at, updated_at, webhook, forked_from_run, forked_from_step)
       VALUES (@id, @skill_id, @skill_version, @skill_source, @skill_graph, @skill_digest, @input, @status, @output, @error, @awaiting, @parent_run_id, @owner, @lease_until, @created_at, @updated_at, @webhook, @forked_from_run, @forked_from_step)`,
    ),
    getRun: db.prepare('SELECT * FROM runs WHERE id = ?'),
    insertNodes: db.prepare('INSERT INTO node_batches (run_id, body) VALUES (?, ?)'),
    nodes: db.prepare('SELECT body FROM node_batches WHERE run_id = ? ORDER BY rowid').pluck(),
    batchesAfter: db.prepare('SELECT body FROM node_batches WHERE run_id = ? AND rowid > ? ORDER BY rowid'),
    insertEvents: db.prepare('INSERT INTO event_batches (run_id, last_seq, body) VALUES (?, ?, ?)'),
    events: db.prepare('SELECT body FROM event_batches WHERE run_id = ? AND last_seq > ? ORDER BY last_seq'),
    requestCancel: db.prepare(
      `INSERT OR IGNORE INTO cancel_requests (run_id) SELECT id FROM runs WHERE id = ? AND status = 'running'`,
    ),
    cancelRequested: db.prepare('SELECT 1 FROM cancel_requests WHERE run_id = ?').pluck(),
    running: db.prepare(`SELECT 1 FROM runs WHERE id = ? AND status = 'running'`).pluck(),
    renew: db.prepare('UPDATE runs SET lease_until = ? WHERE id = ? AND owner = ? AND status = ?'),
  };
}

/** A page of runs, newest first by rowid (the order runs were inserted); the cursor is the last row's rowid. */
export function listRunsSql(query: RunQuery): { sql: string; values: unknown[] } {
  const filters = [
    ['status = ?', query.status],
    ['skill_id = ?', query.skill],
    ['skill_version = ?', query.version],
    ['forked_from_run = ?', query.forkOf],
    // A range on the primary key: every id that starts with the prefix sorts between these two.
    ['id >= ?', query.idPrefix],
    ['id < ?', query.idPrefix === undefined ? undefined : `${query.idPrefix}\u{10FFFF}`],
    ['rowid < ?', query.cursor === undefined ? undefined : Number(query.cursor)],
  ].filter(([, value]) => value !== undefined) as [string, unknown][];
  const where = filters.length ? `WHERE ${filters.map(([sql]) => sql).join(' AND ')}` : '';
  return {
    sql: `SELECT rowid AS position, * FROM runs ${where} ORDER BY rowid DESC LIMIT ?`,
    values: [...filters.map(([, value]) => value), query.limit + 1],
  };
}

/** Stores each run's share of `events` as one row (`insertEvents`, without their `runId`), keyed by its last `seq`. */
export function insertEventBatches(insert: Database.Statement, events: readonly RunEvent[]): void {
  for (let start = 0; start < events.length;) {
    const runId = events[start].runId;
    let end = start + 1;
    while (end < events.length && events[end].runId === runId) end++;
    const batch = start === 0 && end === events.length ? events : events.slice(start, end);
    insert.run(runId, batch[batch.length - 1].seq, storedEventsText(batch));
    start = end;
  }
}

/** The events of `runId` after `afterSeq`, from the batches `select` (`events`) finds. */
export function readEventBatches(select: Database.Statement, runId: string, afterSeq: number): RunEvent[] {
  const batches = select.all(runId, afterSeq) as { body: string }[];
  const events = batches.flatMap((r) => parseStoredEvents(runId, r.body));
  // A batch holds events up to its last seq; the first batch may begin before afterSeq.
  return events.length && events[0].seq <= afterSeq ? events.filter((e) => e.seq > afterSeq) : events;
}

/** The run all of `events` are of, if they are of one (the key its writes keep their order by). */
export function oneRun(events: readonly RunEvent[]): string | undefined {
  const runId = events[0].runId;
  return events.every((e) => e.runId === runId) ? runId : undefined;
}

/**
 * The UPDATE of a conditional transition: to `to` from one of `from` (and from `expectOwner`'s hands
 * when given), with the fields it sets; a digest as SQLite keeps it.
 */
export function transitionUpdate(
  runId: string,
  from: readonly RunStatus[],
  to: RunStatus,
  fields: TransitionFields,
  expectOwner: string | null | undefined,
): { sql: string; values: unknown[] } {
  const sets = ['status = ?', 'updated_at = ?'];
  const values: unknown[] = [to, isoNow()];
  for (const [column, value] of transitionColumns(fields)) {
    sets.push(`${column} = ?`);
    values.push(column === 'skill_digest' ? digestBlob(value as string | null) : value);
  }
  let where = `id = ? AND status IN (${from.map(() => '?').join(', ')})`;
  values.push(runId, ...from);
  if (expectOwner !== undefined) {
    where += ' AND owner IS ?';
    values.push(expectOwner);
  }
  return { sql: `UPDATE runs SET ${sets.join(', ')} WHERE ${where}`, values };
}

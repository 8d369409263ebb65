import pg from 'pg';
import {
  statusDeliveries,
  webhookEvent,
  type DeliveryOutcome,
  type DeliveryPage,
  type DeliveryQuery,
  type WebhookDelivery,
  type WebhookSubscription,
  type NodeRecord,
  type RunEvent,
  type RunPage,
  type RunQuery,
  type RunRecord,
  type RunStatus,
  type RunStore,
  type SkillSource,
  type IdempotencyClaim,
  type KeyHolder,
  type PruneQuery,
  type PrunedRun,
} from '../../runtime/index.js';
import { alreadyStored } from '../already-stored.js';
import { migrate } from './migrations.js';
import { dropTolerant } from './drop-tolerant-pool.js';
import { inTransaction, lastEventStored, retried, rowExists, type Tx } from './transaction.js';
import {
  runsPageQuery,
  toNodeRecord,
  type NodeRow,
  INSERT_RUN,
  insertEvents,
  json,
  QUEUE_CHANNEL,
  RUN_CHANNEL,
  runValues,
  toRecord,
  transitionSql,
  type RunRow,
} from './rows.js';
import type { TransitionFields } from '../run-row.js';
import { changedRun, type ChangedRow } from '../delivery-row.js';
import { PgOutbox } from './outbox.js';
import { PgSources } from './sources.js';
import { claimKey } from './keys.js';
import { pruneRuns } from './prune.js';
import { RunWrites } from './run-writes.js';

export { QUEUE_CHANNEL, RUN_CHANNEL };

export type { Tx };

/** Called inside the transaction that creates a running run, or moves one back to running, that no process holds. */
export type OnRunnable = (tx: Tx, runId: string) => Promise<void>;

/**
 * The shared run store on PostgreSQL (tables in the `skein` schema, migrated on `open`). Each write is
 * one transaction; a run's writes are issued one after another in the order the runtime made them, so
 * its events become visible in `seq` order. A finished node's row is never written again: a second
 * result for it (a driver that lost its run) fails that whole commit.
 */
export class PostgresRunStore implements RunStore {
  private readonly writes = new RunWrites();
  private readonly sources: PgSources;
  private onRunnable: OnRunnable | undefined;
  private readonly outbox: PgOutbox;
  private webhooks: readonly WebhookSubscription[] = [];

  private constructor(readonly pool: pg.Pool) {
    this.outbox = new PgOutbox(pool);
    this.sources = new PgSources(pool);
  }

  /** Connects to `url` and migrates its schema. */
  static async open(url: string, options: { max?: number } = {}): Promise<PostgresRunStore> {
    const pool = dropTolerant(new pg.Pool({ connectionString: url, max: options.max ?? 10 }));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresRunStore(pool);
  }

  /** Lets a dispatcher enqueue, in the same transaction, every run that becomes runnable. */
  dispatchWith(onRunnable: OnRunnable): void {
    this.onRunnable = onRunnable;
  }

  async createRun(
    run: RunRecord,
    events: RunEvent[] = [],
    source?: SkillSource,
    claim?: IdempotencyClaim,
  ): Promise<KeyHolder | undefined> {
    const holder = await this.writes.serial(run.id, () =>
      this.transaction(
        async (tx) => {
          const held = claim && (await claimKey(tx, claim, run.id));
          if (held) return held;
          await this.sources.keep(tx, source);
          await tx.query(INSERT_RUN, runValues(run));
          await insertEvents(tx, events);
          if (run.status === 'running' && !run.parentRunId && !run.owner) await this.onRunnable?.(tx, run.id);
          return undefined;
        },
        rowExists(this.pool, 'SELECT 1 FROM skein.runs WHERE id = $1', [run.id]),
      ),
    );
    if (!holder) this.sources.committed(source);
    return holder;
  }

  getSource(digest: string): Promise<SkillSource['files'] | undefined> {
    return this.sources.get(digest);
  }

  async keepSource(source: SkillSource): Promise<void> {
    await this.transaction((tx) => this.sources.keep(tx, source));
    this.sources.committed(source);
  }

  deleteUnusedSources(): Promise<number> {
    return this.sources.deleteUnused();
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const { rows } = await this.query<RunRow>('SELECT * FROM skein.runs WHERE id = $1', [id]);
    return rows[0] && toRecord(rows[0]);
  }

  saveNodes(runId: string, records: readonly NodeRecord[], events: RunEvent[]): Promise<void> | void {
    if (!records.length && !events.length) return;
    return this.writes.serial(runId, () =>
      this.transaction(
        async (tx) => {
          if (records.length) {
            const { rowCount } = await tx.query(
              `INSERT INTO skein.nodes (run_id, node, status, writes, chosen, child_run_id)
             SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
             ON CONFLICT (run_id, node) DO UPDATE SET status = excluded.status, writes = excluded.writes,
               chosen = excluded.chosen, child_run_id = excluded.child_run_id
             WHERE skein.nodes.status = 'awaiting'`,
              [
                runId,
                records.map((r) => r.node),
                records.map((r) => r.status),
                records.map((r) => JSON.stringify(r.writes)),
                records.map((r) => json(r.chosen)),
                records.map((r) => r.childRunId ?? null),
              ],
            );
            if (rowCount !== records.length) throw alreadyStored(runId);
          }
          await insertEvents(tx, events);
        },
        lastEventStored(this.pool, runId, events),
      ),
    );
  }

  async nodes(runId: string): Promise<NodeRecord[]> {
    const { rows } = await this.query<NodeRow>(
      'SELECT node, status, writes, chosen, child_run_id FROM skein.nodes WHERE run_id = $1 ORDER BY position',
      [runId],
    );
    return rows.map(toNodeRecord);
  }

  pruneRuns(query: PruneQuery): Promise<PrunedRun[]> {
    return pruneRuns(this, query);
  }

  appendEvents(events: RunEvent[]): Promise<void> | void {
    if (!events.length) return;
    const runId = events[0].runId;
    return this.writes.serial(runId, () =>
      this.transaction((tx) => insertEvents(tx, events), lastEventStored(this.pool, runId, events)),
    );
  }

  async events(runId: string, afterSeq = -1): Promise<RunEvent[]> {
    const { rows } = await this.query<{ body: string }>(
      'SELECT body FROM skein.events WHERE run_id = $1 AND seq > $2 ORDER BY seq',
      [runId, afterSeq],
    );
    return rows.map((r) => JSON.parse(r.body));
  }

  async transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields: TransitionFields = {},
    expectOwner?: string | null,
    events: RunEvent[] = [],
  ): Promise<boolean> {
    const { sql, values } = transitionSql(runId, from, to, fields, expectOwner);
    const webhooks = this.webhooks;
    return this.writes.serial(runId, () =>
      this.transaction(
        async (tx) => {
          const { rows } = await tx.query<ChangedRow>(sql, values);
          if (!rows.length) return false;
          await insertEvents(tx, events);
          if (webhookEvent(to))
            await this.outbox.add(tx, statusDeliveries(webhooks, changedRun(rows[0]), to, fields));
          const unowned = fields.owner === undefined || fields.owner === null;
          if (to === 'running' && !from.includes('running') && !rows[0].parent_run_id && unowned)
            await this.onRunnable?.(tx, runId);
          return true;
        },
        rowExists(this.pool, 'SELECT 1 FROM skein.runs WHERE id = $1 AND status = $2 AND updated_at = $3', [
          runId,
          to,
          values[3],
        ]),
      ),
    );
  }

  async renewLease(runId: string, owner: string, until: number): Promise<void> {
    await this.query(
      `UPDATE skein.runs SET lease_until = $1 WHERE id = $2 AND owner = $3 AND status = 'running'`,
      [until, runId, owner],
    );
  }

  async listRuns(query: RunQuery): Promise<RunPage> {
    const { sql, values } = runsPageQuery(query);
    const { rows } = await this.query<RunRow>(sql, values);
    const page: RunPage = { runs: rows.slice(0, query.limit).map(toRecord) };
    if (rows.length > query.limit) page.next = rows[query.limit - 1].position;
    return page;
  }

  async requestCancel(runId: string): Promise<boolean> {
    const { rowCount } = await this.query(
      `UPDATE skein.runs SET cancel_requested = TRUE WHERE id = $1 AND status = 'running'`,
      [runId],
    );
    return rowCount === 1;
  }

  async cancelRequested(runId: string): Promise<boolean> {
    const { rows } = await this.query<{ cancel_requested: boolean }>(
      'SELECT cancel_requested FROM skein.runs WHERE id = $1',
      [runId],
    );
    return rows[0]?.cancel_requested === true;
  }

  sendStatusChangesTo(subscriptions: readonly WebhookSubscription[]): void {
    this.webhooks = subscriptions;
  }

  claimDeliveries(now: number, limit: number, holdMs: number): Promise<WebhookDelivery[]> {
    return this.outbox.claim(now, limit, holdMs);
  }

  recordDelivery(id: string, outcome: DeliveryOutcome): Promise<void> {
    return this.outbox.record(id, outcome);
  }

  listDeliveries(query: DeliveryQuery): Promise<DeliveryPage> {
    return this.outbox.list(query);
  }

  /** One statement on the store's pool, retried like the store's own (for a queue that shares the pool). */
  execute<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    return this.query<R>(sql, values);
  }

  /** A read or single-statement write, retried on a new connection when the connection was lost. */
  private query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    return retried(() => this.pool.query<R>(sql, values));
  }

  async close(): Promise<void> {
    await this.writes.settled();
    await this.pool.end();
  }

  /** Runs `fn` in one transaction, again on a new connection when the connection is lost (`inTransaction`). */
  transaction<T>(fn: (tx: Tx) => Promise<T>, committed?: () => Promise<boolean>): Promise<T> {
    return inTransaction(this.pool, fn, committed);
  }
}

import type Database from 'better-sqlite3';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';
import { alreadyStored } from './already-stored.js';
import { GroupCommit } from './sqlite-group-commit.js';
import { openDatabase } from './sqlite-schema.js';
import { SqliteSources } from './sqlite-sources.js';
import { SqliteKeys } from './sqlite-keys.js';
import { SqlitePrune } from './sqlite-prune.js';
import {
  insertEventBatches,
  readEventBatches,
  oneRun,
  listRunsSql,
  prepareStatements,
  transitionUpdate,
  type Statements,
} from './sqlite-statements.js';
import { SqliteOutbox } from './sqlite-outbox.js';
import { CHANGED_COLUMNS, changedRun, type ChangedRow } from './delivery-row.js';
import { digestBlob, runRow, toRecord, type RunRow, type TransitionFields } from './run-row.js';
import {
  statusDeliveries,
  webhookEvent,
  type DeliveryOutcome,
  type DeliveryPage,
  type DeliveryQuery,
  type WebhookDelivery,
  type WebhookSubscription,
  type RunEvent,
  type RunStatus,
  type NodeRecord,
  type RunPage,
  type RunQuery,
  type RunRecord,
  type RunStore,
  type SkillSource,
  type IdempotencyClaim,
  type KeyHolder,
  type PruneQuery,
  type PrunedRun,
} from '../runtime/index.js';

/** Commits after which checkpoints move to a worker thread (see `wrote`). */
const BACKGROUND_CHECKPOINTS_AFTER = 300;

export class SqliteRunStore implements RunStore {
  private readonly db: Database.Database;
  private readonly stmt: Statements;
  private readonly tx;
  private commits = 0;
  /** Writes of runs that go on at once are committed together. */
  private readonly group: GroupCommit;
  private checkpointer: Checkpointer | undefined;
  /** Statements made of parts (transitions, listings), prepared once per shape. */
  private readonly statements = new Map<string, Database.Statement>();
  /** Of each running run this store saved nodes of: the nodes with a final record, and the last batch read. */
  private readonly finished = new Map<string, FinishedNodes>();
  private readonly sources: SqliteSources;
  private readonly keys: SqliteKeys;
  private readonly pruner: SqlitePrune;
  private readonly outbox: SqliteOutbox;
  private webhooks: readonly WebhookSubscription[] = [];

  constructor(readonly file: string) {
    this.db = openDatabase(file);
    this.stmt = prepareStatements(this.db);
    this.outbox = new SqliteOutbox(this.db);
    this.sources = new SqliteSources(this.db);
    this.keys = new SqliteKeys(this.db);
    this.pruner = new SqlitePrune(this.db);
    this.group = new GroupCommit(this.db, () => this.wrote());
    this.tx = {
      createRun: this.db.transaction(
        (run: RunRecord, events: readonly RunEvent[], source?: SkillSource, claim?: IdempotencyClaim) => {
          const holder = claim && this.keys.claim(claim, run.id);
          if (holder) return holder;
          this.sources.keep(source);
          this.stmt.insertRun.run({ ...runRow(run), skill_digest: digestBlob(run.skill.digest) });
          this.insertEvents(events);
          return undefined;
        },
      ),
      saveNodes: this.db.transaction(
        (
          runId: string,
          records: readonly NodeRecord[],
          events: readonly RunEvent[],
        ): StoredNodes | undefined => {
          let stored: StoredNodes | undefined;
          if (records.length) {
            const known = this.finished.get(runId);
            const since = this.finalSince(runId, known?.seen ?? 0);
            const batch = records.length > 1 ? new Set<string>() : undefined;
            for (const { node } of records) {
              if ((since.final.get(node) ?? known?.nodes.has(node)) || batch?.has(node))
                throw alreadyStored(runId, node);
              batch?.add(node);
            }
            const rowid = Number(this.stmt.insertNodes.run(runId, JSON.stringify(records)).lastInsertRowid);
            stored = { rowid, final: since.final };
          }
          this.insertEvents(events);
          return stored;
        },
      ),
      appendEvents: this.db.transaction((events: readonly RunEvent[]) => this.insertEvents(events)),
      transition: this.db.transaction(
        (
          runId: string,
          from: readonly RunStatus[],
          to: RunStatus,
          fields: TransitionFields,
          expectOwner: string | null | undefined,
          events: readonly RunEvent[],
          webhooks: readonly WebhookSubscription[],
        ) => {
          const { sql, values } = transitionUpdate(runId, from, to, fields, expectOwner);
          if (!webhookEvent(to)) {
            const moved = this.statement(sql).run(...values).changes === 1;
            if (moved) this.insertEvents(events);
            return moved;
          }
          // A move that may be sent to webhooks returns the run's row, whose outbox rows are written with it.
          const returning = `${sql} RETURNING ${CHANGED_COLUMNS}`;
          const changed = this.statement(returning).get(...values) as ChangedRow | undefined;
          if (!changed) return false;
          this.insertEvents(events);
          this.outbox.add(statusDeliveries(webhooks, changedRun(changed), to, fields));
          return true;
        },
      ),
    };
  }

  /** Stores each run's share of `events` as one row, keyed by its last `seq`. */
  private insertEvents(events: readonly RunEvent[]): void {
    insertEventBatches(this.stmt.insertEvents, events);
  }

  createRun(
    run: RunRecord,
    events: RunEvent[] = [],
    source?: SkillSource,
    claim?: IdempotencyClaim,
  ): Promise<KeyHolder | undefined> {
    return this.group.run(() => this.tx.createRun(run, events, source, claim), run.id);
  }

  async getSource(digest: string): Promise<SkillSource['files'] | undefined> {
    return this.sources.get(digest);
  }

  async keepSource(source: SkillSource): Promise<void> {
    await this.group.run(() => this.sources.keep(source));
  }

  async deleteUnusedSources(): Promise<number> {
    return this.sources.deleteUnused();
  }

  pruneRuns(query: PruneQuery): Promise<PrunedRun[]> {
    return this.pruner.prune(query, (write) => this.group.run(write));
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const row = this.stmt.getRun.get(id) as RunRow | undefined;
    return row && toRecord(row);
  }

  async saveNodes(runId: string, records: readonly NodeRecord[], events: RunEvent[]): Promise<void> {
    if (!records.length && !events.length) return;
    // Immediate (as the group's transaction is): the check of finished nodes reads under the write
    // lock, so another process cannot store a result for the same node between the check and the insert.
    const stored = await this.group.run(() => this.tx.saveNodes.immediate(runId, records, events), runId);
    if (!stored) return;
    // Kept only once committed: what the batches stored since said, then this batch.
    let known = this.finished.get(runId);
    if (!known) this.finished.set(runId, (known = { nodes: new Set(), seen: 0 }));
    for (const [node, final] of stored.final)
      if (final) known.nodes.add(node);
      else known.nodes.delete(node);
    for (const r of records) if (r.status !== 'awaiting') known.nodes.add(r.node);
    known.seen = stored.rowid;
  }

  /** Which nodes the batches stored after rowid `seen` (by any process) leave final (done, skipped) or not. */
  private finalSince(runId: string, seen: number): { final: Map<string, boolean> } {
    const final = new Map<string, boolean>();
    for (const row of this.stmt.batchesAfter.iterate(runId, seen) as Iterable<{ body: string }>)
      for (const r of JSON.parse(row.body) as NodeRecord[]) final.set(r.node, r.status !== 'awaiting');
    return { final };
  }

  async nodes(runId: string): Promise<NodeRecord[]> {
    // A node saved again (awaiting, then done) keeps its first place and takes its latest record.
    const latest = new Map<string, NodeRecord>();
    for (const body of this.stmt.nodes.all(runId) as string[])
      for (const record of JSON.parse(body) as NodeRecord[]) latest.set(record.node, record);
    return [...latest.values()];
  }

  appendEvents(events: RunEvent[]): void | Promise<void> {
    if (!events.length) return;
    return this.group.run(() => this.tx.appendEvents(events), oneRun(events));
  }

  async events(runId: string, afterSeq = -1): Promise<RunEvent[]> {
    return readEventBatches(this.stmt.events, runId, afterSeq);
  }

  transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields: TransitionFields = {},
    expectOwner?: string | null,
    events: RunEvent[] = [],
  ): Promise<boolean> {
    // A run that stops running is read again when it runs on (its nodes may be saved by another process).
    if (to !== 'running') this.finished.delete(runId);
    // The statement is made when the group commits: a run that waits for its turn holds only these arguments.
    const webhooks = this.webhooks;
    return this.group.run(
      () => this.tx.transition(runId, from, to, fields, expectOwner, events, webhooks),
      runId,
    );
  }

  async renewLease(runId: string, owner: string, until: number): Promise<void> {
    this.stmt.renew.run(until, runId, owner, 'running');
  }

  async listRuns(query: RunQuery): Promise<RunPage> {
    const { sql, values } = listRunsSql(query);
    const rows = this.statement(sql).all(...values) as (RunRow & { position: number })[];
    const page: RunPage = { runs: rows.slice(0, query.limit).map(toRecord) };
    if (rows.length > query.limit) page.next = String(rows[query.limit - 1].position);
    return page;
  }

  async requestCancel(runId: string): Promise<boolean> {
    this.stmt.requestCancel.run(runId);
    return this.stmt.running.get(runId) === 1;
  }

  async cancelRequested(runId: string): Promise<boolean> {
    return this.stmt.cancelRequested.get(runId) === 1;
  }

  sendStatusChangesTo(subscriptions: readonly WebhookSubscription[]): void {
    this.webhooks = subscriptions;
  }

  async claimDeliveries(now: number, limit: number, holdMs: number): Promise<WebhookDelivery[]> {
    return this.outbox.claim(now, limit, holdMs);
  }

  async recordDelivery(id: string, outcome: DeliveryOutcome): Promise<void> {
    this.outbox.record(id, outcome);
  }

  async listDeliveries(query: DeliveryQuery): Promise<DeliveryPage> {
    return this.outbox.list(query);
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /**
   * Counts commits; a process that writes a lot (a server) hands checkpoints to a worker thread
   * after its first few hundred, while a short command keeps SQLite's own.
   */
  private wrote(): void {
    if (++this.commits !== BACKGROUND_CHECKPOINTS_AFTER || this.file === ':memory:') return;
    this.db.pragma('wal_autocheckpoint = 0');
    this.checkpointer = startCheckpointer(this.file);
  }

  async close(): Promise<void> {
    this.group.flush();
    await this.checkpointer?.stop();
    this.db.close();
  }
}

/** A run's nodes that have a final record (done or skipped), and the rowid of the last node batch read. */
interface FinishedNodes {
  nodes: Set<string>;
  seen: number;
}

/** What a committed batch of nodes tells: its rowid, and what the batches stored before it since the last read said. */
interface StoredNodes {
  rowid: number;
  final: Map<string, boolean>;
}

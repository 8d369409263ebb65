import { alreadyStored } from './already-stored.js';
import { MemoryKeys } from './memory-keys.js';
import { MemoryOutbox } from './memory-outbox.js';
import { copyOf, ended, indexOf, newKeptRun, setNode, type KeptRun } from './memory-kept-run.js';
import { CreationOrder, FinishedRuns } from './memory-retention.js';
import {
  isoNow,
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

/** How much a memory store keeps. */
export interface MemoryStoreOptions {
  /**
   * How many finished (completed or failed) runs it keeps, child runs aside: past it the oldest is
   * forgotten with its finished child runs, events and nodes (default 1,000); its idempotency key is kept
   * until it expires.
   * Running and awaiting runs are always kept.
   */
  keepFinished?: number;
}

/**
 * A run store in memory (`store: memory`), for benchmarks, tests and servers that need not keep runs;
 * nothing survives the process, and it keeps the newest finished runs only, so a long-lived server's
 * memory stays bounded.
 */
export class MemoryRunStore implements RunStore {
  /** Each run under one key: a run's writes find its nodes and events without a lookup each. */
  private readonly kept = new Map<string, KeptRun>();
  private readonly order = new CreationOrder();
  private readonly finished: FinishedRuns;
  private forgotten = 0;
  private readonly cancelRequests = new Set<string>();
  private readonly outbox = new MemoryOutbox();
  private webhooks: readonly WebhookSubscription[] = [];
  private readonly sources = new Map<string, SkillSource['files']>();
  private readonly keys = new MemoryKeys();

  constructor(options: MemoryStoreOptions = {}) {
    this.finished = new FinishedRuns(options.keepFinished ?? 1_000);
  }

  async createRun(
    run: RunRecord,
    events: RunEvent[] = [],
    source?: SkillSource,
    claim?: IdempotencyClaim,
  ): Promise<KeyHolder | undefined> {
    if (this.kept.get(run.id)?.record) throw new Error(`run ${run.id} exists`);
    const held = claim && this.keys.claim(claim, run.id);
    if (held) return held;
    if (source && !this.sources.has(source.digest)) this.sources.set(source.digest, source.files);
    // Every field a transition may set is there from the start, in an object literal: adding a property
    // to a stored object later, or to a spread copy, costs microseconds (measured), more than the rest.
    const kept = this.keep(run.id);
    kept.record = {
      id: run.id,
      skill: run.skill,
      input: run.input,
      status: run.status,
      output: run.output,
      error: run.error,
      awaiting: run.awaiting,
      parentRunId: run.parentRunId,
      owner: run.owner,
      leaseUntil: run.leaseUntil,
      webhook: run.webhook,
      forkedFrom: run.forkedFrom,
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
    };
    kept.position = this.order.add(run.id);
    if (run.parentRunId) this.kept.get(run.parentRunId)?.children.push(run.id);
    this.append(kept, run.id, events);
    if (ended(run.status)) this.finish(kept.record);
    return undefined;
  }

  async getSource(digest: string): Promise<SkillSource['files'] | undefined> {
    return this.sources.get(digest);
  }

  async keepSource(source: SkillSource): Promise<void> {
    if (!this.sources.has(source.digest)) this.sources.set(source.digest, source.files);
  }

  async deleteUnusedSources(): Promise<number> {
    const used = new Set([...this.records()].map((r) => r.skill.digest));
    let deleted = 0;
    for (const digest of this.sources.keys()) if (!used.has(digest) && this.sources.delete(digest)) deleted++;
    return deleted;
  }

  async pruneRuns(query: PruneQuery): Promise<PrunedRun[]> {
    const statuses = query.status ? [query.status] : ['completed', 'failed'];
    const doomed = (r: RunRecord) => statuses.includes(r.status) && r.updatedAt < query.before;
    const pruned = [...this.records()].filter((r) => !r.parentRunId && doomed(r));
    // Their finished child runs, and theirs.
    for (let i = 0; i < pruned.length; i++)
      for (const child of this.kept.get(pruned[i].id)!.children) {
        const r = this.kept.get(child)?.record;
        if (r && ended(r.status)) pruned.push(r);
      }
    const ids = new Set(pruned.map((r) => r.id));
    if (!query.dryRun) {
      for (const id of ids) this.forget(id);
      this.outbox.deleteOfRuns(ids);
      this.keys.drop(ids);
    }
    return pruned.map((r) => ({
      id: r.id,
      skill: r.skill.id,
      version: r.skill.version,
      status: r.status,
      updatedAt: r.updatedAt,
      ...(r.parentRunId ? { parentRunId: r.parentRunId } : {}),
    }));
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const r = this.kept.get(id)?.record;
    return r && copyOf(r);
  }

  saveNodes(runId: string, records: readonly NodeRecord[], events: RunEvent[]): void {
    const kept = this.keep(runId);
    // A finished node is stored once: a second result for it (a driver that lost its run) fails the commit.
    const batch = records.length > 1 ? new Set<string>() : undefined;
    for (const { node } of records) {
      const before = kept.nodes[indexOf(kept, node)];
      if ((before && before.status !== 'awaiting') || batch?.has(node)) throw alreadyStored(runId, node);
      batch?.add(node);
    }
    for (const record of records) setNode(kept, record);
    this.append(kept, runId, events);
  }

  async nodes(runId: string): Promise<NodeRecord[]> {
    return [...(this.kept.get(runId)?.nodes ?? [])];
  }

  appendEvents(events: RunEvent[]): void {
    for (const e of events) this.keep(e.runId).events.push(e);
  }

  async events(runId: string, afterSeq = -1): Promise<RunEvent[]> {
    const log = this.kept.get(runId)?.events ?? [];
    let start = log.length;
    while (start > 0 && log[start - 1].seq > afterSeq) start--;
    return log.slice(start);
  }

  async transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields: Partial<Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil' | 'skill'>> = {},
    expectOwner?: string | null,
    events: RunEvent[] = [],
  ): Promise<boolean> {
    const kept = this.kept.get(runId);
    const r = kept?.record;
    if (!r || !from.includes(r.status) || (expectOwner !== undefined && (r.owner ?? null) !== expectOwner))
      return false;
    for (const key in fields)
      (r as unknown as Record<string, unknown>)[key] = fields[key as keyof typeof fields];
    r.status = to;
    r.updatedAt = isoNow();
    this.append(kept!, runId, events);
    if (ended(to)) this.finish(r);
    // Nothing to send when nobody subscribed and the run has no webhook of its own.
    if (webhookEvent(to) && (this.webhooks.length || r.webhook)) {
      const run = { id: r.id, skillId: r.skill.id, skillVersion: r.skill.version, webhook: r.webhook };
      this.outbox.add(statusDeliveries(this.webhooks, { ...run, parentRunId: r.parentRunId }, to, fields));
    }
    return true;
  }

  async renewLease(runId: string, owner: string, until: number): Promise<void> {
    const r = this.kept.get(runId)?.record;
    if (r && r.owner === owner && r.status === 'running') r.leaseUntil = until;
  }

  async listRuns(query: RunQuery): Promise<RunPage> {
    // The cursor is a position in the order runs were created.
    const runs: RunRecord[] = [];
    for (const [id, position] of this.order.newestFirst(
      query.cursor === undefined ? undefined : Number(query.cursor),
    )) {
      const r = this.kept.get(id)!.record!;
      if (
        (!query.status || r.status === query.status) &&
        (!query.skill || r.skill.id === query.skill) &&
        (!query.forkOf || r.forkedFrom?.run === query.forkOf) &&
        (!query.version || r.skill.version === query.version) &&
        (!query.idPrefix || r.id.startsWith(query.idPrefix))
      ) {
        // One run past the page: where the next page starts.
        if (runs.length === query.limit) return { runs, next: String(position + 1) };
        runs.push(copyOf(r));
      }
    }
    return { runs };
  }

  async requestCancel(runId: string): Promise<boolean> {
    if (this.kept.get(runId)?.record?.status !== 'running') return false;
    this.cancelRequests.add(runId);
    return true;
  }

  async cancelRequested(runId: string): Promise<boolean> {
    return this.cancelRequests.has(runId);
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

  async close(): Promise<void> {}

  /** A run's entry, made on its first write (events may come before the run: the conformance suite's). */
  private keep(runId: string): KeptRun {
    let kept = this.kept.get(runId);
    if (!kept) this.kept.set(runId, (kept = newKeptRun()));
    return kept;
  }

  /** Counts a run that finished; past the bound, the oldest finished run is forgotten. A child run counts once its parent is gone. */
  private finish(run: RunRecord): void {
    if (run.parentRunId && this.kept.get(run.parentRunId)?.record) return;
    const oldest = this.finished.add(run.id);
    if (!oldest) return;
    this.forget(oldest);
    // A forgotten run's idempotency key is kept until it expires, so its start is never made twice.
    if (++this.forgotten % 1024 === 0) this.keys.drop();
  }

  /** Forgets a run with its finished child runs (one still running counts when it finishes). */
  private forget(runId: string): void {
    const kept = this.kept.get(runId);
    if (!kept) return;
    this.kept.delete(runId);
    this.cancelRequests.delete(runId);
    this.order.remove(kept.position);
    for (const child of kept.children) {
      const status = this.kept.get(child)?.record?.status;
      if (status && ended(status)) this.forget(child);
    }
  }

  /** Appends a run's events to its entry (an event of another run, to that run's). */
  private append(kept: KeptRun, runId: string, events: RunEvent[]): void {
    for (const e of events) (e.runId === runId ? kept : this.keep(e.runId)).events.push(e);
  }

  private *records(): Iterable<RunRecord> {
    for (const { record } of this.kept.values()) if (record) yield record;
  }
}

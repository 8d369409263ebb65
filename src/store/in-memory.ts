import {
  isoNow,
  type RunEvent,
  type RunStatus,
  type NodeRecord,
  type RunRecord,
  type RunStore,
} from '../runtime/index.js';

/** A run store in memory, for benchmarks and tests of the scheduler; nothing survives the process. */
export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly nodeRecords = new Map<string, Map<string, NodeRecord>>();
  private readonly eventLog = new Map<string, RunEvent[]>();

  async createRun(run: RunRecord): Promise<void> {
    if (this.runs.has(run.id)) throw new Error(`run ${run.id} exists`);
    this.runs.set(run.id, { ...run });
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const r = this.runs.get(id);
    return r && { ...r };
  }

  saveNode(runId: string, record: NodeRecord, events: RunEvent[]): void {
    let nodes = this.nodeRecords.get(runId);
    if (!nodes) this.nodeRecords.set(runId, (nodes = new Map()));
    nodes.set(record.node, record);
    this.appendEvents(events);
  }

  async nodes(runId: string): Promise<NodeRecord[]> {
    return [...(this.nodeRecords.get(runId)?.values() ?? [])];
  }

  appendEvents(events: RunEvent[]): void {
    for (const e of events) {
      let log = this.eventLog.get(e.runId);
      if (!log) this.eventLog.set(e.runId, (log = []));
      log.push(e);
    }
  }

  async events(runId: string): Promise<RunEvent[]> {
    return [...(this.eventLog.get(runId) ?? [])];
  }

  async transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields: Partial<Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil'>> = {},
    expectOwner?: string,
  ): Promise<boolean> {
    const r = this.runs.get(runId);
    if (!r || !from.includes(r.status) || (expectOwner !== undefined && r.owner !== expectOwner))
      return false;
    Object.assign(r, fields, { status: to, updatedAt: isoNow() });
    return true;
  }

  async renewLease(runId: string, owner: string, until: number): Promise<void> {
    const r = this.runs.get(runId);
    if (r && r.owner === owner && r.status === 'running') r.leaseUntil = until;
  }

  async listRuns(limit: number): Promise<RunRecord[]> {
    return [...this.runs.values()].reverse().slice(0, limit);
  }

  async close(): Promise<void> {}
}

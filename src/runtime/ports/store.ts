import type { AwaitRequest, RunError, RunEvent, RunStatus } from '../events.js';

/** A value written into the run's context at a path. */
export interface Write {
  path: readonly string[];
  value: unknown;
}

/** The durable outcome of one node. Finished and skipped nodes are never run again. */
export interface NodeRecord {
  node: string;
  status: 'done' | 'skipped' | 'awaiting';
  writes: Write[];
  /** For route nodes: the successors chosen. */
  chosen?: string[];
  /** For nodes that started a child run (`call`). */
  childRunId?: string;
}

/** Which skill a run executes, so that any process can load it again to resume. */
export interface SkillRef {
  id: string;
  version: string;
  source: string;
  /** For a child run of a subgraph: its name in the skill's `subgraphs`. */
  graph?: string;
}

export interface RunRecord {
  id: string;
  skill: SkillRef;
  input: unknown;
  status: RunStatus;
  output?: unknown;
  error?: RunError;
  awaiting?: AwaitRequest;
  parentRunId?: string;
  /** Which process holds the run while it is `running` (`host:pid`), and until when. */
  owner?: string;
  leaseUntil?: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * Where runs live. SQLite is the embedded default; PostgreSQL implements the same interface when
 * several processes share runs. Every method is durable when it returns (or its promise resolves).
 */
export interface RunStore {
  createRun(run: RunRecord): Promise<void>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /**
   * Records a finished (or skipped, or awaiting) node together with its events, in one transaction.
   * A store that writes synchronously (SQLite, memory) returns nothing: the scheduler then goes on
   * without a promise hop; a store that writes asynchronously returns the promise it is durable at.
   */
  saveNode(runId: string, record: NodeRecord, events: RunEvent[]): void | Promise<void>;
  nodes(runId: string): Promise<NodeRecord[]>;
  /** Appends events; like `saveNode`, synchronous stores return nothing. */
  appendEvents(events: RunEvent[]): void | Promise<void>;
  events(runId: string): Promise<RunEvent[]>;
  /**
   * Moves a run to `to` only if its status is one of `from` and, when `expectOwner` is given, its
   * owner is that one; returns false otherwise, atomically. This is how a double resume is refused.
   */
  transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields?: Partial<Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil'>>,
    expectOwner?: string,
  ): Promise<boolean>;
  /** Extends the lease of a running run held by `owner`. */
  renewLease(runId: string, owner: string, until: number): Promise<void>;
  /** Most recent runs first. */
  listRuns(limit: number): Promise<RunRecord[]>;
  close(): Promise<void>;
}

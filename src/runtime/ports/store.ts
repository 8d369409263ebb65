import type { SkillSource } from '../../ir/skill-files.js';
import type { AwaitRequest, ForkedFrom, RunError, RunEvent, RunStatus } from '../events.js';

export type { ForkedFrom };
import type {
  DeliveryOutcome,
  DeliveryPage,
  DeliveryQuery,
  WebhookDelivery,
  WebhookSubscription,
} from './webhook-outbox.js';

export type { SkillSource };

/** How many top-level runs (with their child runs) `pruneRuns` deletes in one transaction. */
export const PRUNE_BATCH = 1000;

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
  /**
   * The digest of the files the skill was compiled from (`SkillSource`), stored with the run: the run
   * resumes from them, whatever the file says now. Absent for runs of a store's earlier version.
   */
  digest?: string;
}

/**
 * A start's idempotency key, claimed in the transaction that records its run: `fingerprint` is of the
 * skill and input it was given, and the claim holds until `expiresAt` (ms since the epoch).
 */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
  expiresAt: number;
}

/** The run that holds a key already, and the fingerprint of the start that claimed it. */
export interface KeyHolder {
  runId: string;
  fingerprint: string;
}

export interface RunRecord {
  id: string;
  skill: SkillRef;
  input: unknown;
  status: RunStatus;
  output?: unknown;
  error?: RunError;
  /** What the run waits for; while a worker has yet to take a paused run that was answered, with the `answer`. */
  awaiting?: AwaitRequest & { answer?: unknown };
  parentRunId?: string;
  /** Which process holds the run while it is `running` (`host:pid`), and until when. */
  owner?: string;
  leaseUntil?: number;
  /** A URL told of this run's completion, failure or pause (`"webhook"` of a start), besides the config's. */
  webhook?: string;
  /** A fork's parent run and the step it ran again from (`skein fork`). */
  forkedFrom?: ForkedFrom;
  createdAt: string;
  updatedAt: string;
}

/** Which runs to list: newest first, at most `limit`, after the page a `cursor` ended. */
export interface RunQuery {
  limit: number;
  status?: RunStatus;
  /** A skill id. */
  skill?: string;
  /** With `skill`: only runs of this version of it. */
  version?: string;
  /** Only runs whose id starts with this (a run id a person shortened). */
  idPrefix?: string;
  /** The `next` of the previous page. */
  cursor?: string;
  /** Only the forks of this run (`forkedFrom.run`). */
  forkOf?: string;
}

/**
 * Which runs retention deletes: finished ones (completed or failed; `status` one of them) last
 * updated before `before` (an ISO time), top-level runs with their finished child runs. `dryRun`:
 * only say which.
 */
export interface PruneQuery {
  before: string;
  status?: 'completed' | 'failed';
  dryRun?: boolean;
}

/** A run `pruneRuns` deleted, or would delete. */
export interface PrunedRun {
  id: string;
  skill: string;
  version: string;
  status: RunStatus;
  updatedAt: string;
  parentRunId?: string;
}

/** One page of runs, and the cursor of the next page when there are more. */
export interface RunPage {
  runs: RunRecord[];
  next?: string;
}

/**
 * Where runs live. SQLite is the embedded default; PostgreSQL implements the same interface when
 * several processes share runs. Every method is durable when it returns (or its promise resolves), and
 * each write is one transaction: the runtime calls one per commit point, with all of its rows.
 */
export interface RunStore {
  /**
   * Records a new run and its first events, and the files of its skill (`source`, whose digest is
   * `run.skill.digest`) unless the store has them: each digest's files are stored once, for every run.
   * With a `claim`, in the same transaction, its key: when a claim that has not expired holds the key,
   * nothing is written and its holder is returned (a UNIQUE key: of concurrent claims, one wins).
   */
  createRun(
    run: RunRecord,
    events?: RunEvent[],
    source?: SkillSource,
    claim?: IdempotencyClaim,
  ): Promise<KeyHolder | undefined>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** The files stored under a digest by `createRun`. */
  getSource(digest: string): Promise<SkillSource['files'] | undefined>;
  /** Stores a digest's files unless the store has them (before a run is moved to them: `transition` with `skill`). */
  keepSource(source: SkillSource): Promise<void>;
  /** Deletes the stored files that no run refers to (for retention); returns how many digests went. */
  deleteUnusedSources(): Promise<number>;
  /**
   * Deletes the runs `query` selects with everything of theirs (nodes, events, cancel requests,
   * webhook deliveries, idempotency keys) in transactions of at most `PRUNE_BATCH` top-level runs each,
   * so that no lock is held long; also the idempotency keys that expired. Returns the runs deleted;
   * with `dryRun`, deletes nothing and returns the runs it would delete.
   */
  pruneRuns(query: PruneQuery): Promise<PrunedRun[]>;
  /**
   * Records finished (or skipped, or awaiting) nodes together with the events up to them, in one
   * transaction. A store that writes synchronously (memory) returns nothing: the scheduler then goes on
   * without a promise hop; a store that writes asynchronously, or commits the writes of many runs
   * together (SQLite), returns the promise it is durable at.
   */
  saveNodes(runId: string, records: readonly NodeRecord[], events: RunEvent[]): void | Promise<void>;
  nodes(runId: string): Promise<NodeRecord[]>;
  /** Appends events; like `saveNodes`, a store that writes synchronously returns nothing. */
  appendEvents(events: RunEvent[]): void | Promise<void>;
  /**
   * The run's stored events in `seq` order, only those after `afterSeq` when it is given. A run's
   * events become visible in `seq` order (the runtime stores them that way), so a reader that asks
   * for the events after the last one it saw never misses one.
   */
  events(runId: string, afterSeq?: number): Promise<RunEvent[]>;
  /**
   * Moves a run to `to` only if its status is one of `from` and, when `expectOwner` is given, its
   * owner is that one (`null`: it has none); returns false otherwise, atomically. This is how a double resume is refused.
   * `events` are appended in the same transaction, only if the run moved.
   */
  transition(
    runId: string,
    from: readonly RunStatus[],
    to: RunStatus,
    fields?: Partial<Pick<RunRecord, 'output' | 'error' | 'awaiting' | 'owner' | 'leaseUntil' | 'skill'>>,
    expectOwner?: string | null,
    events?: RunEvent[],
  ): Promise<boolean>;
  /** Extends the lease of a running run held by `owner`. */
  renewLease(runId: string, owner: string, until: number): Promise<void>;
  /** Most recent runs first, filtered, one page at a time. */
  listRuns(query: RunQuery): Promise<RunPage>;
  /**
   * Asks the process that holds a running run to cancel it; the run's driver sees the request within a
   * fraction of a second and stops the run. False when the run is not running.
   */
  requestCancel(runId: string): Promise<boolean>;
  /** Whether someone asked to cancel this run. */
  cancelRequested(runId: string): Promise<boolean>;
  /**
   * The receivers of every top-level run's status changes (the config's webhooks): from now on each
   * transition to `completed`, `failed` or `awaiting` writes, in its own transaction, one outbox
   * delivery per subscription that asked for that event and one to the run's `webhook`.
   */
  sendStatusChangesTo(subscriptions: readonly WebhookSubscription[]): void;
  /**
   * Up to `limit` pending deliveries due at `now`, oldest due first, each put off to `now + holdMs`
   * atomically so that no other deliverer takes it meanwhile.
   */
  claimDeliveries(now: number, limit: number, holdMs: number): Promise<WebhookDelivery[]>;
  /** Records an attempt's outcome: delivered, due again at `retryAt`, or failed for good. */
  recordDelivery(id: string, outcome: DeliveryOutcome): Promise<void>;
  /** Deliveries newest first, filtered, one page at a time. */
  listDeliveries(query: DeliveryQuery): Promise<DeliveryPage>;
  close(): Promise<void>;
}

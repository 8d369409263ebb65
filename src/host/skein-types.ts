import type { FiredTick, ScheduleView } from './schedules.js';
// The library's view of a Skein: what `openSkein` takes and what it gives (docs/library-api.md).
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Tracer } from '@opentelemetry/api';
import type { SkeinConfig } from '../config/config.js';
import type { SkillSession } from '../code/modules/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { DialectName, Skill } from '../ir/skill.js';
import type {
  DeliveryPage,
  DeliveryQuery,
  FollowedEvent,
  ForkOptions,
  RunEvent,
  RunOptions,
  RunPage,
  RunQuery,
  RunRecord,
  RunResult,
  WorkerLogEntry,
} from '../runtime/index.js';
import type { AwaitQuery, PendingAwait } from './awaits.js';
import type { PruneOptions, PruneReport } from './retention.js';
import type { RunDiff } from './run-diff.js';
import type { AwaitChange, WatchAwaitsOptions } from './watch-awaits.js';

/** Where a Skein keeps its runs: SQLite in `$SKEIN_HOME/runs.db`, a SQLite file of your choice, or memory. */
export type StoreChoice = 'sqlite' | 'memory' | { sqlite: string };

export interface SkeinOptions {
  /** The configuration; default `skein.yaml` in `cwd` (or `$SKEIN_CONFIG`) with the environment over it. */
  config?: SkeinConfig;
  /** Where relative paths and `skein.yaml` are found; default the working directory. */
  cwd?: string;
  /** Folders (or files) of skills that `id[@version]` is looked up in, over the configured skills path. */
  skills?: string | string[];
  /** The run store, over the configured one. */
  store?: StoreChoice;
  /** Runs, memory and other state, over `$SKEIN_HOME` and `home:`. */
  home?: string;
  /** `provider:model`, or an AI SDK model object, that overrides every other choice (the CLI's --model). */
  model?: string | LanguageModelV3;
  /** The conversation code-mode skills see as `ctx.session`; default a new, empty one. */
  session?: SkillSession;
  /** An OpenTelemetry tracer (your app's) to trace runs with; default one exporting over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, else none. */
  tracer?: Tracer;
  /**
   * With a PostgreSQL store: `run` and `resume` queue the run for a worker (`skein worker`, or `work`
   * here) and await its end from the store. Default false: runs run in this process (and a worker takes
   * over one whose process died). Ignored with the other stores.
   */
  dispatch?: boolean;
  /**
   * Told of what a worker (`work`) does: runs claimed and taken over, runs queued again, crashes, and
   * errors of the queue and of its sweeps (retried, never fatal). `skein worker` prints each as a JSON line.
   */
  onWorkerLog?: (entry: WorkerLogEntry) => void;
  /**
   * Told of what goes wrong without changing any run: spans an OTLP collector did not take (once per
   * outage). Default: one line on stderr.
   */
  onWarning?: (message: string) => void;
}

/**
 * The skills a Skein finds: one library of the skills path, walked once (docs/library-api.md), from
 * which `list`, `diagnostics` and `find` all come until `reload`; and skills named by file or folder.
 */
export interface SkeinSkills {
  /** Every skill of the skills path without errors, highest version first within an id. */
  list(): Promise<Skill[]>;
  /** `id` (the highest version) or `id@version` in the skills path; throws `SkillLookupError`. */
  find(idAtVersion: string): Promise<Skill>;
  /** What a user names: a file, a skill folder, or `id[@version]`; throws `BadSkillError`. */
  resolve(nameOrPath: string, options?: { dialect?: DialectName }): Promise<Skill>;
  /** The errors that keep files of the skills path out of `list`. */
  diagnostics(): Promise<Diagnostic[]>;
  /** Walks the skills path again (files changed: `--watch`); `list`, `diagnostics` and `find` then see the new skills. */
  reload(): Promise<void>;
}

/** A run `Skein.start` started: its id, and how it comes out once it completes, pauses or fails. */
export interface StartedRun {
  runId: string;
  wait(): Promise<RunResult>;
}

/** A configured Skein: its skills, runs started and resumed, and what its run store holds. */
export interface Skein {
  readonly config: SkeinConfig;
  readonly skills: SkeinSkills;
  /** Runs a skill (or what `skills.resolve` finds for a name) until it completes, pauses or fails. */
  run(skill: Skill | string, input: unknown, options?: RunOptions): Promise<RunResult>;
  /**
   * Starts a run and returns as soon as it is stored, without waiting for it: its id, and `wait()` for
   * how it comes out. The run goes on in this process, or with a PostgreSQL queue (`dispatch`) in a worker;
   * with `drive: false` it is only stored, held by no process, for a worker or `resume` to take.
   */
  start(
    skill: Skill | string,
    input: unknown,
    options?: RunOptions & { drive?: boolean },
  ): Promise<StartedRun>;
  /**
   * Answers a run that awaits a person, or continues one whose process died (no input); by its id or a
   * unique prefix. With `upgrade`, the run first moves to the newest version of its skill when it is
   * compatible (`upgraded` event), else `upgrade_incompatible` (docs/versions.md).
   */
  resume(runId: string, input: unknown, options?: RunOptions): Promise<RunResult>;
  /**
   * Forks a run, by its id or a unique prefix (docs/runtime.md, "Fork and replay"): a new run linked to
   * it (`forkedFrom`) with its results of the steps before `from`, `input` and `set` applied, run from
   * `from` on the files the parent is pinned to (`upgrade`: the newest compatible version).
   */
  fork(runId: string, fork: ForkOptions, options?: RunOptions): Promise<RunResult>;
  /**
   * Two runs (ids or unique prefixes) step by step: each step's status, input and what it wrote in
   * either run, and which differ (a fork and its parent, or any two runs).
   */
  diff(a: string, b: string): Promise<RunDiff>;
  /** The forks of a run (up to 200), newest first. */
  forks(runId: string): Promise<RunRecord[]>;
  /**
   * Cancels a run that has not ended, wherever it runs, and returns it (failed with code `cancelled`):
   * a run of this process is aborted; a run held by another live process is asked through the store
   * and awaited up to `waitMs` (default 5 s; it may still be running then). `RunRefused` with
   * `run_not_found` or `run_ended` otherwise. By the run's id or a unique prefix of it.
   */
  cancel(runId: string, waitMs?: number): Promise<RunRecord>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  /**
   * A run by its id or a unique prefix of it (at least 8 characters, as people copy them);
   * `RunRefused` with `run_ambiguous` when several runs start with it.
   */
  findRun(idOrPrefix: string): Promise<RunRecord | undefined>;
  /**
   * Most recent runs first: at most `limit` (default 50), by status or skill (`id` or `id@version`),
   * after a page's `next`.
   */
  listRuns(query?: Partial<RunQuery>): Promise<RunPage>;
  /** The inbox: every top-level run that awaits a person (skill, step, message, schema, since), oldest first. */
  awaits(query?: AwaitQuery): Promise<PendingAwait[]>;
  /**
   * The inbox as it changes: a `snapshot` of `awaits(query)`, then each question `added` or `removed`,
   * until `signal` aborts. Runs of this Skein (and, with the PostgreSQL queue, of any process) are
   * seen at once; others within `pollMs` (default 1000).
   */
  watchAwaits(query?: AwaitQuery, options?: WatchAwaitsOptions): AsyncGenerator<AwaitChange>;
  /**
   * A run's events as they come (docs/library-api.md): the stored ones after `after`, then
   * new ones until the run completes, fails, awaits or its process dies, or `signal` aborts. Runs driven
   * by this Skein wake the follower at once (with their streamed model text); others are read every
   * `pollMs` (default 1000), or when the PostgreSQL queue tells that their status changed.
   */
  follow(
    runId: string,
    options?: { after?: number; signal?: AbortSignal; pollMs?: number },
  ): AsyncGenerator<FollowedEvent>;
  /** A run's stored events in order; with `afterSeq`, only the later ones. */
  events(runId: string, afterSeq?: number): Promise<RunEvent[]>;
  /** Opens now what is otherwise opened on first use (store, tools, models): a server does it before it listens. */
  open(): Promise<void>;
  /**
   * Drives queued runs in this process, at most `concurrency` at a time (PostgreSQL store only), until the
   * function it returns is called (which waits for the runs in hand).
   */
  work(concurrency: number): Promise<() => Promise<void>>;
  /** Webhook deliveries newest first: at most `limit` (default 50), by run or status, after a page's `next`. */
  deliveries(query?: Partial<DeliveryQuery>): Promise<DeliveryPage>;
  /**
   * Sends the store's due webhook deliveries from this process (`webhooks:` in skein.yaml; serve and
   * workers do) until the function it returns is called.
   */
  deliverWebhooks(): Promise<() => Promise<void>>;
  /**
   * Retention: deletes the finished runs older than `olderThanMs` (default `retention.runs` of
   * skein.yaml; neither: refused with `usage`), of one status or both, with their child runs, nodes,
   * events, webhook deliveries and idempotency keys, then the skill snapshots no run refers to.
   * Running and awaiting runs are never deleted. `dryRun`: only says which runs would go.
   */
  prune(options?: PruneOptions): Promise<PruneReport>;
  /**
   * Prunes by `retention.runs` now and every `everyMs` (default hourly; serve and workers do, when it
   * is set) until the function it returns is called; each report or error goes to `onPruned`.
   */
  pruneEvery(everyMs: number, onPruned: (report: PruneReport | Error) => void): () => Promise<void>;
  /**
   * Fails every top-level run that has awaited a person longer than `limits.awaitTimeout`
   * (`await_timeout`, with its `run.failed` webhooks) and returns their ids; none without the limit.
   */
  expireAwaits(): Promise<string[]>;
  /** The `schedules:` of skein.yaml with their next three fire times (a bad cron: `config_invalid`). */
  schedules(): ScheduleView[];
  /**
   * Fires the schedules from this process until the function it returns is called (serve and workers
   * do): one run per tick in the store however many processes fire it; each start or error to `onFired`.
   */
  runSchedules(onFired: (fired: FiredTick) => void): () => Promise<void>;
  close(): Promise<void>;
}

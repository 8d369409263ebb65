import { runSchedules, scheduleViews } from './schedules.js';
import { resolve } from 'node:path';
import type { SkeinConfig } from '../config/config.js';
import { loadConfig } from '../config/load-config.js';
import { LibrarySkillService, resolveSkill } from '../skills/index.js';
import { SkeinError } from '../errors/index.js';
import { splitSkillRef } from '../ir/skill-ref.js';
import {
  anyWake,
  expireAwaits,
  followRun,
  LocalWake,
  type RunEvent,
  type RunOptions,
  startWorker,
  type RunQueue,
  type RunQuery,
  type RunResult,
  type RunStore,
  type Runtime,
} from '../runtime/index.js';
import { awaitRun } from './await-run.js';
import { pendingAwaits } from './awaits.js';
import { watchAwaits } from './watch-awaits.js';
import { findRun } from './find-run.js';
import { diffRuns } from './run-diff.js';
import { openQueue } from './open-queue.js';
import { openHost, type Host } from './open-host.js';
import { startDeliverer } from './webhook-deliverer.js';
import { pruneStore, startPruner } from './retention.js';
import { openStore } from './open-store.js';
import type { Skein, SkeinOptions, SkeinSkills } from './skein-types.js';

export type { Skein, SkeinOptions, SkeinSkills, StartedRun, StoreChoice } from './skein-types.js';

/**
 * Opens a Skein: the run store on first use; the tools (MCP servers included), models and code
 * runners on the first run or resume, so that finding skills opens nothing and reading runs starts no
 * tool. The one entry surfaces (CLI, HTTP, MCP, workers) use.
 */
export function openSkein(options: SkeinOptions = {}): Skein {
  const config = withOptions(options.config ?? loadConfig(options.cwd), options);
  const finder = new LibrarySkillService(config.skillsPath);
  const local = new LocalWake();
  let store: Promise<RunStore> | undefined;
  let host: Promise<Host> | undefined;
  let queue: Promise<RunQueue | undefined> | undefined;
  const sqliteFile =
    typeof options.store === 'object'
      ? resolve(options.cwd ?? process.cwd(), options.store.sqlite)
      : undefined;
  const runs = () => (store ??= openStore(config, sqliteFile));
  /** The runtime once opened: a run need not wait a turn for it. */
  let ready: Runtime | undefined;
  const runtime = async () => {
    if (ready) return ready;
    host ??= runs().then((opened) =>
      openHost(config, {
        model: options.model,
        session: options.session,
        store: opened,
        skills: finder,
        tracer: options.tracer,
        onWarning: options.onWarning,
      }),
    );
    return (ready = (await host).runtime);
  };
  const queued = () =>
    (queue ??= runs().then((opened) =>
      openQueue(config, opened, (e) => options.onWorkerLog?.({ event: 'error', message: e.message })),
    ));
  /** The queue when runs go through it, else undefined (they run here): not async, so a run without one makes no promise here. */
  const dispatching = () => (options.dispatch ? queued() : undefined);
  const follow = async (runId: string, after: number, q: RunQueue, runOptions: RunOptions = {}) =>
    awaitRun(await runs(), anyWake(local, q), runId, {
      after,
      onEvent: runOptions.onEvent,
      signal: runOptions.signal,
      cancel: async () => (await runtime()).cancel(runId),
    });
  const skills: SkeinSkills = {
    list: async () => (await finder.current()).library.all(),
    find: (idAtVersion) => finder.find(idAtVersion),
    resolve: (nameOrPath, o = {}) => resolveSkill(nameOrPath, finder, o.dialect),
    diagnostics: async () => (await finder.current()).errors,
    reload: async () => void (await finder.reload()),
  };
  return {
    config,
    skills,
    async run(skill, input, runOptions) {
      const resolved = typeof skill === 'string' ? await skills.resolve(skill) : skill;
      const q = await dispatching();
      // `return await`: a promise returned from an async function costs two more turns than one awaited.
      if (!q)
        return await publishing(local, runOptions, (o) =>
          ready ? ready.start(resolved, input, o) : runtime().then((r) => r.start(resolved, input, o)),
        );
      return follow(await (await runtime()).enqueue(resolved, input, runOptions), -1, q, runOptions);
    },
    async start(skill, input, runOptions = {}) {
      const resolved = typeof skill === 'string' ? await skills.resolve(skill) : skill;
      const q = await dispatching();
      if (q || runOptions.drive === false) {
        const runId = await (await runtime()).enqueue(resolved, input, runOptions);
        const wait = async () =>
          q ? follow(runId, -1, q, runOptions) : this.resume(runId, undefined, runOptions);
        return { runId, wait };
      }
      let created!: (runId: string) => void;
      const stored = new Promise<string>((r) => (created = r));
      const result = publishing(local, { ...runOptions, onCreated: created }, async (o) =>
        (await runtime()).start(resolved, input, o),
      );
      result.catch(() => {}); // a failure to start is thrown below; a later one by wait()
      const runId = await Promise.race([stored, result.then((r) => r.runId)]);
      return { runId, wait: () => result };
    },
    async resume(idOrPrefix, input, runOptions) {
      const run = await findRun(await runs(), idOrPrefix);
      const runId = run?.id ?? idOrPrefix;
      const q = await dispatching();
      // A run whose process died is left to the workers' sweep; only an answer is queued from here
      // (an upgrade is checked here, so its refusal reaches the caller).
      if (!q || run?.status !== 'awaiting' || runOptions?.upgrade)
        return publishing(local, runOptions, async (o) => (await runtime()).resume(runId, input, o));
      const after = (await (await runs()).events(runId)).at(-1)?.seq ?? -1;
      await (await runtime()).enqueueResume(runId, input);
      return follow(runId, after, q, runOptions);
    },
    async fork(idOrPrefix, fork, runOptions) {
      const runId = (await findRun(await runs(), idOrPrefix))?.id ?? idOrPrefix;
      return publishing(local, runOptions, async (o) => (await runtime()).fork(runId, fork, o));
    },
    diff: async (a, b) => diffRuns(await runs(), a, b),
    forks: async (runId) => (await (await runs()).listRuns({ forkOf: runId, limit: 200 })).runs,
    async cancel(idOrPrefix, waitMs) {
      const runId = (await findRun(await runs(), idOrPrefix))?.id ?? idOrPrefix;
      return (await runtime()).cancel(runId, waitMs);
    },
    getRun: async (runId) => (await runs()).getRun(runId),
    findRun: async (idOrPrefix) => findRun(await runs(), idOrPrefix),
    listRuns: async (query = {}) => (await runs()).listRuns({ ...bySkill(query), limit: query.limit ?? 50 }),
    awaits: async (query) => pendingAwaits(async (q) => (await runs()).listRuns(q), query),
    async *watchAwaits(query = {}, o = {}) {
      const wake = anyWake(local, queue && (await queue.catch(() => undefined)));
      const store = await runs();
      yield* watchAwaits(() => pendingAwaits((q) => store.listRuns(q), query), wake, o);
    },
    async *follow(runId, o = {}) {
      const wake = anyWake(local, queue && (await queue.catch(() => undefined)));
      yield* followRun(await runs(), runId, { ...o, wake });
    },
    events: async (runId, afterSeq) => (await runs()).events(runId, afterSeq),
    async open() {
      // pg-boss starts while the host opens its tools, models and skills (they share only the store).
      await Promise.all([runtime(), options.dispatch ? queued() : undefined]);
    },
    async work(concurrency) {
      const q = await queued();
      if (!q)
        throw new SkeinError(
          'worker_needs_postgres',
          'runs are queued for workers only with a PostgreSQL store (store: postgres://…)',
        );
      return startWorker(await runtime(), q, concurrency, options.onWorkerLog);
    },
    deliveries: async (query = {}) => (await runs()).listDeliveries({ ...query, limit: query.limit ?? 50 }),
    async deliverWebhooks() {
      return startDeliverer(await runs(), config.webhooks);
    },
    prune: async (o) => pruneStore(await runs(), config, o),
    schedules: () => scheduleViews(config.schedules),
    runSchedules(onFired) {
      return runSchedules(config.schedules, (skill, input, o) => this.start(skill, input, o), onFired);
    },
    async expireAwaits() {
      const timeoutMs = config.limits.awaitTimeoutMs;
      return timeoutMs === undefined ? [] : expireAwaits(await runs(), timeoutMs);
    },
    pruneEvery(everyMs, onPruned) {
      return startPruner(async () => pruneStore(await runs(), config), everyMs, onPruned);
    },
    async close() {
      if (queue) await (await queue.catch(() => undefined))?.close();
      // The host closes the store it was given; a host that failed to open has closed it already.
      if (host) await (await host.catch(() => undefined))?.close();
      else if (store) await (await store.catch(() => undefined))?.close();
    },
  };
}

/**
 * Drives a run here with its events published to the followers in this process (`LocalWake`), which
 * are woken once more when the driver returns: by then everything the run did is stored.
 */
async function publishing(
  local: LocalWake,
  options: RunOptions = {},
  drive: (options: RunOptions) => Promise<RunResult>,
): Promise<RunResult> {
  // The run's own id, and a set only for the ids of its child runs (most runs have none).
  let first: string | undefined;
  let children: Set<string> | undefined;
  const onEvent = (event: RunEvent) => {
    if (first === undefined) first = event.runId;
    else if (event.runId !== first) (children ??= new Set()).add(event.runId);
    local.publish(event);
    options.onEvent?.(event);
  };
  try {
    return await drive({ ...options, onEvent });
  } finally {
    if (first !== undefined) local.ring(first);
    for (const id of children ?? []) local.ring(id);
  }
}

/** The config with what the options override: skills path, store, home. */
function withOptions(config: SkeinConfig, options: SkeinOptions): SkeinConfig {
  const at = (p: string) => resolve(options.cwd ?? process.cwd(), p);
  const skills = options.skills === undefined ? undefined : [options.skills].flat().map(at);
  return {
    ...config,
    ...(skills && { skillsPath: skills }),
    ...(options.home !== undefined && { home: at(options.home) }),
    ...(options.store !== undefined && {
      store: typeof options.store === 'object' ? 'sqlite' : options.store,
    }),
  };
}

/** A query whose `skill` may be `id@version`: the store's filters on the id and the version. */
function bySkill(query: Partial<RunQuery>): Partial<RunQuery> {
  if (query.skill === undefined) return query;
  const { id, version } = splitSkillRef(query.skill);
  return { ...query, skill: id, ...(version !== undefined ? { version } : {}) };
}

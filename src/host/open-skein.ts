import type { Tracer } from '@opentelemetry/api';
import type { SkeinConfig } from '../config/config.js';
import { loadConfig } from '../config/load-config.js';
import type { SkillSession } from '../code/modules/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { DialectName, Skill } from '../ir/skill.js';
import { LibrarySkillService, loadLibrary, resolveSkill } from '../library/index.js';
import type {
  RunEvent,
  RunOptions,
  RunPage,
  RunQuery,
  RunRecord,
  RunResult,
  RunStore,
} from '../runtime/index.js';
import { openHost, type Host } from './open-host.js';
import { openStore } from './open-store.js';

export interface SkeinOptions {
  /** The configuration; default `skein.yaml` in `cwd` (or `$SKEIN_CONFIG`) with the environment over it. */
  config?: SkeinConfig;
  cwd?: string;
  /** `provider:model` that overrides every other choice (the CLI's --model). */
  model?: string;
  /** The conversation code-mode skills see as `ctx.session`; default a new, empty one. */
  session?: SkillSession;
  /** An OpenTelemetry tracer (your app's) to trace runs with; default one exporting over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, else none. */
  tracer?: Tracer;
}

/** The skills a Skein finds: the skills path, and the folders of skills named by their file or folder. */
export interface SkeinSkills {
  /** Every skill of the skills path without errors, highest version first within an id. */
  list(): Promise<Skill[]>;
  /** `id` (the highest version) or `id@version` in the skills path; throws `SkillLookupError`. */
  find(idAtVersion: string): Promise<Skill>;
  /** What a user names: a file, a skill folder, or `id[@version]`; throws `BadSkillError`. */
  resolve(nameOrPath: string, options?: { dialect?: DialectName }): Promise<Skill>;
  /** The errors that keep files of the skills path out of `list`. */
  diagnostics(): Promise<Diagnostic[]>;
}

/** A configured Skein: its skills, runs started and resumed, and what its run store holds. */
export interface Skein {
  readonly config: SkeinConfig;
  readonly skills: SkeinSkills;
  /** Runs a skill (or what `skills.resolve` finds for a name) until it completes, pauses or fails. */
  run(skill: Skill | string, input: unknown, options?: RunOptions): Promise<RunResult>;
  /** Answers a run that awaits a person, or continues one whose process died (no input). */
  resume(runId: string, input: unknown, options?: RunOptions): Promise<RunResult>;
  /**
   * Cancels a run that has not ended, wherever it runs, and returns it (failed with code `cancelled`):
   * a run of this process is aborted; a run held by another live process is asked through the store
   * and awaited up to `waitMs` (default 5 s; it may still be running then). `RunRefused` with
   * `run_not_found` or `run_ended` otherwise.
   */
  cancel(runId: string, waitMs?: number): Promise<RunRecord>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  /** Most recent runs first: at most `limit` (default 50), by status or skill id, after a page's `next`. */
  listRuns(query?: Partial<RunQuery>): Promise<RunPage>;
  /** A run's stored events in order; with `afterSeq`, only the later ones. */
  events(runId: string, afterSeq?: number): Promise<RunEvent[]>;
  /** Opens now what is otherwise opened on first use (store, tools, models): a server does it before it listens. */
  open(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a Skein: the run store on first use; the tools (MCP servers included), models and code
 * runners on the first run or resume, so that finding skills opens nothing and reading runs starts no
 * tool. The one entry surfaces (CLI, HTTP, MCP, workers) use.
 */
export function openSkein(options: SkeinOptions = {}): Skein {
  const config = options.config ?? loadConfig(options.cwd);
  const finder = new LibrarySkillService(config.skillsPath);
  let store: Promise<RunStore> | undefined;
  let host: Promise<Host> | undefined;
  const runs = () => (store ??= openStore(config));
  const runtime = async () => {
    host ??= runs().then((opened) =>
      openHost(config, {
        model: options.model,
        session: options.session,
        store: opened,
        skills: finder,
        tracer: options.tracer,
      }),
    );
    return (await host).runtime;
  };
  const skills: SkeinSkills = {
    list: async () => (await loadLibrary(config.skillsPath, { skipMissing: true })).library.all(),
    find: (idAtVersion) => finder.find(idAtVersion),
    resolve: (nameOrPath, o = {}) => resolveSkill(nameOrPath, finder, o.dialect),
    diagnostics: async () => (await loadLibrary(config.skillsPath, { skipMissing: true })).errors,
  };
  return {
    config,
    skills,
    async run(skill, input, runOptions) {
      const resolved = typeof skill === 'string' ? await skills.resolve(skill) : skill;
      return (await runtime()).start(resolved, input, runOptions);
    },
    async resume(runId, input, runOptions) {
      return (await runtime()).resume(runId, input, runOptions);
    },
    async cancel(runId, waitMs) {
      return (await runtime()).cancel(runId, waitMs);
    },
    getRun: async (runId) => (await runs()).getRun(runId),
    listRuns: async (query = {}) => (await runs()).listRuns({ ...query, limit: query.limit ?? 50 }),
    events: async (runId, afterSeq) => (await runs()).events(runId, afterSeq),
    async open() {
      await runtime();
    },
    async close() {
      // The host closes the store it was given; a host that failed to open has closed it already.
      if (host) await (await host.catch(() => undefined))?.close();
      else if (store) await (await store.catch(() => undefined))?.close();
    },
  };
}

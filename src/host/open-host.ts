import { join } from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Tracer } from '@opentelemetry/api';
import type { SkeinConfig } from '../config/config.js';
import { LibrarySkillService } from '../skills/index.js';
import { openModuleRunner } from '../code/modules/open-module-runner.js';
import type { SkillSession } from '../code/modules/skill-context.js';
import { Runtime, type RunStore } from '../runtime/index.js';
import type { PythonSandbox } from '../code/python/index.js';
import { createToolRegistry, toolService } from '../tools/index.js';
import { createLlmService } from './llm-service.js';
import { openStore } from './open-store.js';
import { openTracing, type Tracing } from '../trace/index.js';
import { useValidatorCache } from '../schema/index.js';

/** A configured Skein: the runtime over its store, models, tools and skill library. */
export interface Host {
  config: SkeinConfig;
  runtime: Runtime;
  store: RunStore;
  skills: LibrarySkillService;
  close(): Promise<void>;
}

export interface HostOptions {
  /** `provider:model`, or an AI SDK model object, that overrides every other choice (the CLI's --model). */
  model?: string | LanguageModelV3;
  /** The conversation code-mode skills see as `ctx.session` (`skein chat`); default a new, empty one. */
  session?: SkillSession;
  /** A store already open (the host closes it); default the configured one. */
  store?: RunStore;
  /** The skill finder to share (its near folders); default one over the skills path. */
  skills?: LibrarySkillService;
  /** An OpenTelemetry tracer to trace runs with; default one exporting over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, else none. */
  tracer?: Tracer;
  /** Told of what goes wrong without changing a run (spans a collector did not take); default one line on stderr. */
  onWarning?: (message: string) => void;
}

/** Opens the store, connects the tools (MCP servers included) and wires the runtime. */
export async function openHost(config: SkeinConfig, options: HostOptions = {}): Promise<Host> {
  // Compiled validators kept in $SKEIN_HOME/cache: a later process skips loading Ajv and compiling.
  useValidatorCache(join(config.home, 'cache', 'validators'));
  const store = options.store ?? (await openStore(config));
  const skills = options.skills ?? new LibrarySkillService(config.skillsPath);
  let tools;
  let tracing: Tracing | undefined;
  try {
    tracing = await openTracing(config.trace, options.tracer, process.env, options.onWarning);
    tools = await createToolRegistry(config);
  } catch (e) {
    await tracing?.close();
    await store.close();
    throw e;
  }
  const registry = tools.registry;
  // Loaded and started by the first Python call, so runs that need no Python never load the sandbox or
  // Pyodide; Pyodide's memory snapshot in $SKEIN_HOME/cache makes a later process's first call start faster.
  let python: Promise<PythonSandbox> | undefined;
  const startPython = async () =>
    (await import('../code/python/index.js')).createPythonSandbox({
      snapshotDir: join(config.home, 'cache'),
    });
  const modules = openModuleRunner(config, options.session);
  const runtime = new Runtime({
    store,
    skills,
    llm: createLlmService(config, options.model),
    tools: toolService(registry, {
      workspace: config.workspace,
      maxOutputBytes: config.limits.toolOutputBytes,
    }),
    code: {
      python: { run: async (code, input, o) => (await (python ??= startPython())).run(code, input, o) },
      typescript: modules.runner,
      javascript: modules.runner,
    },
    tracer: tracing?.tracer,
    recordContent: config.trace.content,
    limits: config.limits,
    idempotencyKeepMs: config.idempotency.keepMs,
    awaitTimeoutMs: config.limits.awaitTimeoutMs,
  });
  return {
    config,
    runtime,
    store,
    skills,
    async close() {
      await (await python?.catch(() => undefined))?.close();
      modules.close();
      await tools.close();
      await store.close();
      await tracing?.close();
    },
  };
}

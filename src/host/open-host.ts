import type { SkeinConfig } from '../config/config.js';
import { LibrarySkillService } from '../library/skill-service.js';
import { Runtime } from '../runtime/runtime.js';
import type { RunStore } from '../runtime/store.js';
import { createToolRegistry, invokeTool } from '../tools/index.js';
import { createLlmService } from './llm-service.js';
import { openStore } from './open-store.js';

/** A configured Skein: the runtime over its store, models, tools and skill library. */
export interface Host {
  config: SkeinConfig;
  runtime: Runtime;
  store: RunStore;
  skills: LibrarySkillService;
  close(): Promise<void>;
}

export interface HostOptions {
  /** `provider:model` that overrides every other choice (the CLI's --model). */
  model?: string;
}

/** Opens the store, connects the tools (MCP servers included) and wires the runtime. */
export async function openHost(config: SkeinConfig, options: HostOptions = {}): Promise<Host> {
  const store = await openStore(config);
  const skills = new LibrarySkillService(config.skillsPath);
  let tools;
  try {
    tools = await createToolRegistry(config);
  } catch (e) {
    await store.close();
    throw e;
  }
  const registry = tools.registry;
  const runtime = new Runtime({
    store,
    skills,
    llm: createLlmService(config, options.model),
    tools: {
      require: (name) => registry.require(name),
      invoke: (tool, input, o) => invokeTool(tool, input, { signal: o.signal, runId: o.runId, log: o.log, workspace: config.workspace }),
    },
  });
  return {
    config,
    runtime,
    store,
    skills,
    async close() {
      await tools.close();
      await store.close();
    },
  };
}

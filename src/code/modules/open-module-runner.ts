import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { SkeinConfig } from '../../config/config.js';
import { lazyMemory } from '../../memory/lazy-memory.js';
import type { CodeService } from '../../runtime/index.js';
import { createModuleRunner } from './module-runner.js';
import type { SkillSession } from './skill-context.js';

/** The TS/JS runner of a host, with the memory it opened. */
export interface HostModuleRunner {
  runner: CodeService;
  close(): void;
}

/** A module runner over a configuration: memory in `$SKEIN_HOME/memory.db`, the config without secrets, and the session (default: a new, empty one). */
export function openModuleRunner(config: SkeinConfig, session?: SkillSession): HostModuleRunner {
  const memory = lazyMemory(join(config.home, 'memory.db'));
  const runner = createModuleRunner({
    memory: () => memory,
    config: {
      model: config.model,
      home: config.home,
      workspace: config.workspace,
      skills: config.skillsPath,
    },
    session: session ?? { id: randomUUID(), messages: [] },
  });
  return { runner, close: () => memory.close() };
}

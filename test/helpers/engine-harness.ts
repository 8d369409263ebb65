// An in-process Skein for engine tests: the real runtime, model provider code (against the local
// chat-completions server), tool registry and Python sandbox, with an in-memory run store.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createLlmService } from '../../src/host/llm-service.js';
import type { CodeSpec } from '../../src/ir/nodes.js';
import type { Skill } from '../../src/ir/skill.js';
import { loadPaths } from '../../src/skills/load-paths.js';
import { LibrarySkillService } from '../../src/skills/skill-service.js';
import { type RunEvent, Runtime, type CodeService, type RunTracer } from '../../src/runtime/index.js';
import { createPythonSandbox, type PythonSandbox } from '../../src/code/python/index.js';
import { MemoryRunStore } from '../../src/store/in-memory.js';
import { invokeTool, loadToolModules, ToolRegistry, type Tool } from '../../src/tools/index.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeScript } from './fake-openai.js';
import { testConfig } from './tools.js';

export const ROOT = join(import.meta.dirname, '../..');
export const EXAMPLE = join(ROOT, 'examples/engine');
export const FIXTURES = join(ROOT, 'test/fixtures/engine');

/** Loads the skills of a folder, failing on any error diagnostic. */
export async function loadSkills(path: string): Promise<Skill[]> {
  const { units } = await loadPaths([path]);
  const errors = units.flatMap((u) => u.diagnostics).filter((d) => d.severity === 'error');
  if (errors.length)
    throw new Error(errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('\n'));
  return units.flatMap((u) => u.skills);
}

/** TS/JS scripts imported through tsx; the named entry is called with the input. */
export const typescriptRunner: CodeService = {
  async run(code: CodeSpec, input: unknown) {
    const module = (await tsImport(pathToFileURL(code.file!).href, import.meta.url)) as Record<
      string,
      unknown
    >;
    const fn = (module[code.entry] ??
      (module.default as Record<string, unknown> | undefined)?.[code.entry]) as (x: unknown) => unknown;
    return fn(input);
  },
};

let python: PythonSandbox | undefined;

/** One Python sandbox for the whole test process (Pyodide takes seconds to start). */
export function sharedPython(): PythonSandbox {
  return (python ??= createPythonSandbox({ workers: 1 }));
}

/** Closes the shared sandbox; call it in the last `after` of a file that used it. */
export async function closePython(): Promise<void> {
  await python?.close();
  python = undefined;
}

export interface Harness {
  fake: FakeOpenAI;
  runtime: Runtime;
  store: MemoryRunStore;
  events: RunEvent[];
  close(): Promise<void>;
}

/** A runtime whose model is the scripted local server, with the given tools (default: the example's). */
export async function harness(
  script: FakeScript,
  options: { tools?: Tool[]; workspace?: string; tracer?: RunTracer } = {},
): Promise<Harness> {
  const fake = await startFakeOpenAI(script);
  const store = new MemoryRunStore();
  const registry = new ToolRegistry();
  for (const tool of options.tools ?? (await loadToolModules([join(EXAMPLE, 'tools/legal-tools.ts')])))
    registry.register(tool);
  const config = { ...testConfig('/tmp'), baseUrl: fake.url };
  const workspace = options.workspace ?? join(EXAMPLE, 'workspace');
  const events: RunEvent[] = [];
  const runtime = new Runtime({
    store,
    skills: new LibrarySkillService([]),
    llm: createLlmService(config, 'compat:fake-model'),
    tools: {
      require: (name) => registry.require(name),
      invoke: (tool, input, o) =>
        invokeTool(tool, input, { signal: o.signal, runId: o.runId, log: o.log, workspace }),
    },
    code: { python: sharedPython(), typescript: typescriptRunner },
    tracer: options.tracer,
    recordContent: options.tracer !== undefined,
  });
  return { fake, runtime, store, events, close: () => fake.close() };
}

import type { RunEventBody } from '../../events.js';
import { RunFailure } from '../../errors.js';
import type { LlmTool } from '../../ports/llm.js';
import type { RuntimeServices } from '../../services.js';
import { isRecord } from './state.js';

/** Providers accept tool names of letters, digits, `_` and `-` only (at most 64). */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** What offering tools needs from the node's run. */
export interface ToolRun {
  node: string;
  runId: string;
  signal: AbortSignal;
  services: RuntimeServices;
  emit(body: RunEventBody): void;
}

/**
 * The tools an agent may call, from the registry, each reporting `tool_started`/`tool_finished`. A name a
 * provider would reject (`knowledge.search`) is offered as `knowledge_search`; the events keep the real name.
 * A tool the registry lacks fails the node before any model call.
 */
export function offeredTools(names: readonly string[], run: ToolRun): LlmTool[] {
  if (!names.length) return [];
  const registry = run.services.tools;
  if (!registry)
    throw new RunFailure(
      'tool_not_found',
      `step "${run.node}" may call ${names.join(', ')}, but no tool registry is configured`,
      run.node,
    );
  const taken = new Set<string>();
  return names.map((name) => {
    let tool;
    try {
      tool = registry.require(name);
    } catch (e) {
      throw new RunFailure(
        'tool_not_found',
        `step "${run.node}" may call "${name}", which cannot be used: ${(e as Error).message}`,
        run.node,
      );
    }
    const safe = SAFE_NAME.test(name) ? name : name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
    let offered = safe;
    for (let n = 2; taken.has(offered); n++) offered = `${safe.slice(0, 60)}_${n}`;
    taken.add(offered);
    return {
      name: offered,
      description: tool.description,
      inputSchema: tool.inputSchema ?? { type: 'object' },
      async execute(input: unknown, { signal }: { signal?: AbortSignal }) {
        run.emit({ type: 'tool_started', node: run.node, tool: name, input });
        const t0 = performance.now();
        try {
          const output = await registry.invoke(tool, isRecord(input) ? input : {}, {
            signal: signal ?? run.signal,
            runId: run.runId,
            log: (text) => run.emit({ type: 'log', node: run.node, text }),
          });
          run.emit({
            type: 'tool_finished',
            node: run.node,
            tool: name,
            output,
            ms: Math.round(performance.now() - t0),
          });
          return output;
        } catch (e) {
          const error = (e as Error).message;
          run.emit({
            type: 'tool_finished',
            node: run.node,
            tool: name,
            output: { error },
            ms: Math.round(performance.now() - t0),
          });
          throw e;
        }
      },
    };
  });
}

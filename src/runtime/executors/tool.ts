import type { ToolNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import type { Executor } from './executor.js';

/** Calls a tool with the typed input; tools that bind values receive interpolated text unrendered. */
export const runTool: Executor<ToolNode> = async ({ node, scope, signal, services, runId, emit }) => {
  const tools = services.tools;
  if (!tools)
    throw new RunFailure('tool_not_found', `no tools are configured (step needs "${node.tool}")`, node.id);
  const tool = tools.require(node.tool);
  const evaluated =
    tool.bindsValues && node.input.evaluateInterpolated
      ? node.input.evaluateInterpolated(scope)
      : node.input.evaluate(scope);
  const input = (evaluated ?? {}) as Record<string, unknown>;
  emit({ type: 'tool_started', node: node.id, tool: tool.name, input });
  const started = performance.now();
  const output = await tools.invoke(tool, input, {
    signal,
    runId,
    log: (text) => emit({ type: 'log', node: node.id, text }),
  });
  emit({
    type: 'tool_finished',
    node: node.id,
    tool: tool.name,
    output,
    ms: Math.round(performance.now() - started),
  });
  return { value: output };
};

import type { ToolService } from '../runtime/index.js';
import { invokeTool } from './invoke-tool.js';
import type { ToolRegistry } from './registry.js';

/** The runtime's ToolService over a registry: tools by name, each call through `invokeTool` in the workspace. */
export function toolService(
  registry: ToolRegistry,
  options: { workspace: string; maxOutputBytes?: number },
): ToolService {
  return {
    require: (name) => registry.require(name),
    invoke: (tool, input, o) =>
      invokeTool(tool, input, {
        signal: o.signal,
        runId: o.runId,
        log: o.log,
        workspace: options.workspace,
        maxOutputBytes: options.maxOutputBytes,
      }),
  };
}

import type { SkeinConfig } from '../config/config.js';
import { builtinTools } from './builtin/index.js';
import { loadToolModules } from './load-modules.js';
import { connectMcpServers } from './mcp/index.js';
import { ToolRegistry } from './registry.js';
import type { Tool } from '../runtime/index.js';

export { defineTool, type Tool, type ToolContext } from '../runtime/index.js';
export { ToolRegistry } from './registry.js';
export { invokeTool, type InvokeOptions } from './invoke-tool.js';
export { toolService } from './tool-service.js';
export { loadToolModules } from './load-modules.js';
export { connectMcpServers, type McpTools } from './mcp/index.js';
export {
  DuplicateToolError,
  McpConnectionError,
  ToolError,
  ToolInputError,
  ToolModuleError,
  ToolNotFoundError,
} from './errors.js';

/**
 * The registry for a configuration: built-ins, then `extra` (tools a host supplies), then the tools of
 * `tools.modules`, then those of `mcpServers`. A name registered twice is a DuplicateToolError naming
 * both. `close()` ends database connections and MCP servers; nothing stays open if setup fails.
 */
export async function createToolRegistry(
  config: SkeinConfig,
  extra: readonly Tool[] = [],
): Promise<{ registry: ToolRegistry; close(): Promise<void> }> {
  const registry = new ToolRegistry();
  const builtins = builtinTools(config);
  const closers: (() => Promise<void>)[] = [builtins.close];
  const close = async () => void (await Promise.allSettled(closers.map((c) => c())));
  try {
    for (const tool of [...builtins.tools, ...extra, ...(await loadToolModules(config.tools.modules))])
      registry.register(tool);
    const mcp = await connectMcpServers(config.mcpServers, registry.list());
    closers.push(mcp.close);
    for (const tool of mcp.tools) registry.register(tool);
  } catch (e) {
    await close();
    throw e;
  }
  return { registry, close };
}

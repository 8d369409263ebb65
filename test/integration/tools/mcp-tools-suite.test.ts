// Tools of an MCP server over stdio (the examples' calc server), through the host's tool service,
// against the tools' conformance suite.
import { join } from 'node:path';
import { connectMcpServers, ToolRegistry, toolService } from '../../../src/tools/index.js';
import { runToolSuite } from '../../../src/runtime/ports/conformance/index.js';
import { ROOT } from '../../helpers/paths.js';

runToolSuite(
  async () => {
    const mcp = await connectMcpServers({
      calc: {
        command: process.execPath,
        args: [join(ROOT, 'examples/graphs/mcp/calc-server.mjs')],
        cwd: ROOT,
      },
    });
    const registry = new ToolRegistry();
    for (const tool of mcp.tools) registry.register(tool);
    return {
      tools: toolService(registry, { workspace: '/nonexistent' }),
      three: { isError: false, result: { value: 3 } },
      close: () => mcp.close(),
    };
  },
  { name: 'MCP (stdio)' },
);

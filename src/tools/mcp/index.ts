import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { SkeinConfig } from '../../config/config.js';
import type { JsonSchema } from '../../ir/schema.js';
import { ToolError } from '../errors.js';
import { defineTool, type Tool } from '../../runtime/index.js';
import { connectMcpServer } from './connect-mcp-server.js';
import { contentText } from './mcp-content.js';

/** The tools of the connected MCP servers, and how to disconnect them. */
export interface McpTools {
  tools: Tool[];
  close(): Promise<void>;
}

/**
 * Connects to every configured MCP server (in order) and wraps each of its tools. A tool keeps its
 * MCP name unless an earlier server's tool or one of `existing` has it; then it is `<server>.<tool>`
 * and its description says why. If one server fails, those already connected are closed.
 */
export async function connectMcpServers(
  servers: SkeinConfig['mcpServers'],
  existing: readonly Tool[] = [],
): Promise<McpTools> {
  const clients: Client[] = [];
  const close = async () => void (await Promise.allSettled(clients.splice(0).map((c) => c.close())));
  const taken = new Map(existing.map((t) => [t.name, t.source ?? 'another tool']));
  const tools: Tool[] = [];
  try {
    for (const [server, config] of Object.entries(servers)) {
      const connection = await connectMcpServer(server, config);
      clients.push(connection.client);
      for (const mcpTool of connection.tools) {
        const holder = taken.get(mcpTool.name);
        const tool = wrapMcpTool(
          server,
          connection.client,
          mcpTool,
          holder ? `${server}.${mcpTool.name}` : mcpTool.name,
          holder,
        );
        taken.set(tool.name, `MCP server "${server}"`);
        tools.push(tool);
      }
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { tools, close };
}

/** A registry tool that calls one MCP tool; writes `result` (structured content, else the content's text) and `isError`. */
function wrapMcpTool(server: string, client: Client, mcpTool: McpTool, name: string, takenBy?: string): Tool {
  const origin = `MCP tool "${mcpTool.name}" of server "${server}"`;
  const renamed = takenBy ? `; named "${name}" because "${mcpTool.name}" is taken (${takenBy})` : '';
  const { $schema: _metaSchema, ...inputSchema } = mcpTool.inputSchema as JsonSchema;
  return defineTool({
    name,
    description: `${mcpTool.description ?? mcpTool.title ?? mcpTool.name} (${origin}${renamed})`,
    source: `MCP server "${server}"`,
    inputSchema,
    outputSchema: {
      type: 'object',
      properties: {
        result: {
          description:
            "The tool's structured content, else its text content (images and resources described as JSON)",
        },
        isError: { type: 'boolean' },
      },
    },
    async execute(input, ctx) {
      const answer = await client.callTool({ name: mcpTool.name, arguments: input }, undefined, {
        signal: ctx.signal,
      });
      if ('toolResult' in answer) return { result: answer.toolResult, isError: false };
      if (answer.isError)
        throw new ToolError(
          name,
          contentText(answer.content) || `${origin} reported an error without a message`,
        );
      return { result: answer.structuredContent ?? contentText(answer.content), isError: false };
    },
  });
}

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../../config/config.js';
import { McpConnectionError } from '../errors.js';

const CONNECT_TIMEOUT_MS = 30_000;
const STDERR_KEPT = 2000;

/** A connected MCP server: its client and the tools it lists. */
export interface McpConnection {
  client: Client;
  tools: McpTool[];
}

/**
 * Starts (stdio) or reaches (streamable HTTP) one MCP server and lists its tools. Failures are
 * McpConnectionErrors naming the server and its command or URL, with the end of a process's stderr.
 */
export async function connectMcpServer(server: string, config: McpServerConfig): Promise<McpConnection> {
  // The MCP SDK (and zod) load with the first server: a configuration without one never pays for them.
  const [{ Client }, { StdioClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const client = new Client({ name: 'skein', version: '0.1.0' });
  let stderr = '';
  let transport: StdioClientTransport | StreamableHTTPClientTransport;
  let where: string;
  if ('command' in config) {
    where = `command "${[config.command, ...(config.args ?? [])].join(' ')}"`;
    transport = new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd: config.cwd,
      stderr: 'pipe',
    });
    transport.stderr?.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT)),
    );
  } else {
    where = `URL ${config.url}`;
    transport = new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: config.headers },
    });
  }
  const fail = async (doing: string, e: unknown): Promise<never> => {
    await client.close().catch(() => {});
    const output = stderr.trim() ? `; its stderr ends with: ${stderr.trim()}` : '';
    throw new McpConnectionError(server, `${doing} (${where}): ${(e as Error).message}${output}`, {
      cause: e,
    });
  };
  try {
    await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
  } catch (e) {
    return fail('could not connect', e);
  }
  try {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { client, tools };
  } catch (e) {
    return fail('connected, but could not list its tools', e);
  }
}

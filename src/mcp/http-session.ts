// The MCP SDK's side of `/mcp`, loaded by ./http.ts on the first request: a server nobody asks over MCP
// does not load the SDK's server at start-up.
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createSkillServer, type SkillServerOptions } from './mcp-server.js';

export { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/**
 * A new session over streamable HTTP, with its own SDK server and transport: kept in `sessions` under
 * its id once initialized, dropped when it closes.
 */
export async function openSession(
  options: SkillServerOptions & { bodyLimit: number },
  stopping: AbortSignal,
  sessions: Map<string, WebStandardStreamableHTTPServerTransport>,
): Promise<WebStandardStreamableHTTPServerTransport> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    maxRequestBodySize: options.bodyLimit,
  });
  transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
  await createSkillServer({ ...options, stopping }).connect(transport);
  return transport;
}

import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createSkillServer, type SkillServerOptions } from './mcp-server.js';

/** MCP over streamable HTTP: a handler of web requests, and how to end every session. */
export interface McpHttp {
  handle(request: Request): Promise<Response>;
  /** Closes every session (their streams end; calls in flight get no answer). */
  close(): Promise<void>;
}

/**
 * Streamable HTTP for `/mcp`: an `initialize` POST opens a session (its id in `Mcp-Session-Id`), with
 * its own SDK server and transport; later requests name it. Bodies over `bodyLimit` bytes are refused.
 */
export function mcpHttp(options: SkillServerOptions & { bodyLimit: number }): McpHttp {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return {
    async handle(request) {
      const id = request.headers.get('mcp-session-id');
      if (id) {
        const transport = sessions.get(id);
        return transport ? transport.handleRequest(request) : rpcError(404, -32001, `no MCP session ${id}`);
      }
      if (request.method !== 'POST')
        return rpcError(400, -32000, 'no Mcp-Session-Id: open a session with an initialize request');
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return rpcError(400, -32700, 'the body is not JSON');
      }
      if (!isInitializeRequest(body))
        return rpcError(400, -32000, 'no Mcp-Session-Id: open a session with an initialize request');
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
        maxRequestBodySize: options.bodyLimit,
      });
      transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
      await createSkillServer(options).connect(transport);
      return transport.handleRequest(request, { parsedBody: body });
    },
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      sessions.clear();
    },
  };
}

function rpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

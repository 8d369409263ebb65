import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { SkillServerOptions } from './mcp-server.js';

/** The SDK's server side, loaded on the first request to `/mcp`. */
const sdk = () => import('./http-session.js');

/** MCP over streamable HTTP: a handler of web requests, and how to end every session. */
export interface McpHttp {
  handle(request: Request): Promise<Response>;
  /**
   * Shuts down: answers being sent (a call in flight) get `graceMs` to finish, then every session
   * closes (its streams end); runs of calls still going then are left as they are, resumable.
   */
  close(graceMs: number): Promise<void>;
}

/**
 * Streamable HTTP for `/mcp`: an `initialize` POST opens a session (its id in `Mcp-Session-Id`), with
 * its own SDK server and transport; later requests name it. Bodies over `bodyLimit` bytes are refused.
 */
export function mcpHttp(options: SkillServerOptions & { bodyLimit: number }): McpHttp {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const stopping = new AbortController();
  const answering = new Set<Promise<void>>();
  const track = (response: Response) => trackBody(response, answering);
  return {
    async handle(request) {
      const id = request.headers.get('mcp-session-id');
      if (id) {
        const transport = sessions.get(id);
        if (!transport) return rpcError(404, -32001, `no MCP session ${id}`);
        const response = await transport.handleRequest(request);
        return request.method === 'POST' ? track(response) : response;
      }
      if (request.method !== 'POST')
        return rpcError(400, -32000, 'no Mcp-Session-Id: open a session with an initialize request');
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return rpcError(400, -32700, 'the body is not JSON');
      }
      const { isInitializeRequest, openSession } = await sdk();
      if (!isInitializeRequest(body))
        return rpcError(400, -32000, 'no Mcp-Session-Id: open a session with an initialize request');
      const transport = await openSession(options, stopping.signal, sessions);
      return transport.handleRequest(request, { parsedBody: body });
    },
    async close(graceMs) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([...answering]), deadline]);
      clearTimeout(timer);
      stopping.abort();
      await Promise.all([...sessions.values()].map((t) => t.close()));
      sessions.clear();
    },
  };
}

/** The response, its body watched: `open` holds a promise of its end until it has been sent or dropped. */
function trackBody(response: Response, open: Set<Promise<void>>): Response {
  if (!response.body) return response;
  let ended!: () => void;
  const end = new Promise<void>((resolve) => (ended = resolve)).then(() => void open.delete(end));
  open.add(end);
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await reader.read();
      if (!chunk.done) return controller.enqueue(chunk.value);
      controller.close();
      ended();
    },
    cancel(reason) {
      ended();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function rpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

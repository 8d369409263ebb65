import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createSkillServer, type SkillServerOptions } from './mcp-server.js';

/** Serves MCP on this process's stdin and stdout; resolves once the client has gone (stdin ended or closed); its calls in flight are cancelled. */
export async function serveStdio(options: SkillServerOptions): Promise<void> {
  const server = createSkillServer(options);
  const closed = new Promise<void>((resolve) => {
    server.onclose = ((previous) => () => (previous?.(), resolve()))(server.onclose);
    process.stdin.once('end', resolve).once('close', resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close();
}

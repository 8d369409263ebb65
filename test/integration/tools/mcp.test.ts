import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  connectMcpServers,
  createToolRegistry,
  invokeTool,
  McpConnectionError,
  ToolError,
  ToolInputError,
  type McpTools,
} from '../../../src/tools/index.js';
import { createEchoServer } from '../../fixtures/tools/echo-server.js';
import { testConfig } from '../../helpers/tools.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const stdioEcho = {
  command: process.execPath,
  args: [
    '--import',
    'tsx',
    fileURLToPath(new URL('../../fixtures/tools/mcp-echo-server.ts', import.meta.url)),
  ],
  cwd: repoRoot,
};
const options = { workspace: '/tmp' };

let httpServer: Server;
let httpUrl: string;

before(async () => {
  // One streamable HTTP session per client, each with its own echo server.
  const transports = new Map<string, StreamableHTTPServerTransport>();
  httpServer = createServer(async (req, res) => {
    const session = req.headers['mcp-session-id'];
    let transport = typeof session === 'string' ? transports.get(session) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, transport!),
      });
      await createEchoServer().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((ok) => httpServer.listen(0, '127.0.0.1', ok));
  httpUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
});

after(() => {
  httpServer.closeAllConnections();
  return new Promise<void>((ok) => httpServer.close(() => ok()));
});

function named(mcp: McpTools, name: string) {
  const tool = mcp.tools.find((t) => t.name === name);
  assert.ok(tool, `no tool ${name} among ${mcp.tools.map((t) => t.name).join(', ')}`);
  return tool;
}

test('a stdio server: its tools are listed with their input schemas and can be called', async (t) => {
  const mcp = await connectMcpServers({ echo: stdioEcho });
  t.after(() => mcp.close());
  assert.deepEqual(
    mcp.tools.map((tool) => tool.name),
    ['echo', 'add', 'fail', 'read_file'],
  );
  const echo = named(mcp, 'echo');
  assert.match(echo.description, /^Echoes text back \(MCP tool "echo" of server "echo"\)$/);
  assert.equal(echo.source, 'MCP server "echo"');
  assert.deepEqual(echo.inputSchema?.required, ['text']);
  assert.deepEqual(await invokeTool(echo, { text: '你好' }, options), {
    result: 'echo: 你好',
    isError: false,
  });
  assert.deepEqual(await invokeTool(named(mcp, 'add'), { a: 2, b: 3 }, options), {
    result: { sum: 5 },
    isError: false,
  });
  const file = await invokeTool(named(mcp, 'read_file'), { path: 'a.txt' }, options);
  assert.deepEqual(file, {
    result: 'contents of a.txt\n{"type":"image","mimeType":"image/png","bytes":16}',
    isError: false,
  });
});

test('an isError result becomes a ToolError with its text; bad input is refused before calling', async (t) => {
  const mcp = await connectMcpServers({ echo: stdioEcho });
  t.after(() => mcp.close());
  await assert.rejects(invokeTool(named(mcp, 'fail'), { reason: '库存不足' }, options), (e: unknown) => {
    assert.ok(e instanceof ToolError);
    assert.equal(e.message, 'tool "fail": failed because 库存不足');
    return true;
  });
  await assert.rejects(
    invokeTool(named(mcp, 'add'), { a: 'two', b: 3 }, options),
    (e: unknown) => e instanceof ToolInputError && /a: must be number/.test(e.message),
  );
});

test('a streamable HTTP server is reached by URL; a second server with the same tools gets <server>.<tool> names', async (t) => {
  const mcp = await connectMcpServers({ local: stdioEcho, remote: { url: httpUrl } });
  t.after(() => mcp.close());
  assert.deepEqual(
    mcp.tools.map((tool) => tool.name),
    ['echo', 'add', 'fail', 'read_file', 'remote.echo', 'remote.add', 'remote.fail', 'remote.read_file'],
  );
  const remoteEcho = named(mcp, 'remote.echo');
  assert.match(remoteEcho.description, /named "remote\.echo" because "echo" is taken \(MCP server "local"\)/);
  assert.deepEqual(await invokeTool(remoteEcho, { text: 'over http' }, options), {
    result: 'echo: over http',
    isError: false,
  });
  assert.deepEqual(await invokeTool(named(mcp, 'remote.add'), { a: 1, b: 1 }, options), {
    result: { sum: 2 },
    isError: false,
  });
});

test('in a registry, an MCP tool named like a built-in is renamed <server>.<tool>', async (t) => {
  const { registry, close } = await createToolRegistry(testConfig('/tmp', {}, { files: { url: httpUrl } }));
  t.after(close);
  assert.equal(registry.require('read_file').source, 'built-in');
  const renamed = registry.require('files.read_file');
  assert.match(renamed.description, /named "files\.read_file" because "read_file" is taken \(built-in\)/);
  assert.equal((await invokeTool(registry.require('echo'), { text: 'x' }, options)).result, 'echo: x');
});

test('connection failures name the server and its command or URL', async () => {
  await assert.rejects(
    connectMcpServers({ broken: { command: '/nonexistent/mcp-server', args: ['--stdio'] } }),
    (e: unknown) => {
      assert.ok(e instanceof McpConnectionError);
      assert.match(
        e.message,
        /^MCP server "broken": could not connect \(command "\/nonexistent\/mcp-server --stdio"\): .*ENOENT/,
      );
      return true;
    },
  );
  await assert.rejects(
    connectMcpServers({
      crashing: {
        command: process.execPath,
        args: ['-e', 'console.error("missing API key"); process.exit(3)'],
      },
    }),
    /MCP server "crashing": could not connect \(command ".*node -e .*"\): .*its stderr ends with: missing API key/s,
  );
  await assert.rejects(
    connectMcpServers({ ok: stdioEcho, down: { url: 'http://127.0.0.1:1/mcp' } }),
    /^McpConnectionError: MCP server "down": could not connect \(URL http:\/\/127\.0\.0\.1:1\/mcp\)/,
  );
});

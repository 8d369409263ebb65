import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from './cli.js';

export const MCP_FIXTURE = join(ROOT, 'test/fixtures/mcp-server');

/** A fresh Skein home for the MCP fixture, with the test's model server. */
export function mcpEnv(modelUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'skein-mcp-'));
  return {
    SKEIN_HOME: home,
    GATE_DIR: home,
    SKEIN_CONFIG: join(MCP_FIXTURE, 'skein.yaml'),
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: modelUrl,
    ...extra,
  };
}

/** How a test reaches a Skein MCP server: it connects new clients, each its own session. */
export type Connect = (capabilities?: ClientCapabilities) => Promise<Client>;

/** An SDK client of `skein mcp` (the built bin) spawned with `env` and `args`. */
export async function stdioClient(
  env: Record<string, string>,
  capabilities: ClientCapabilities = {},
  args: string[] = [],
): Promise<Client> {
  const client = new Client({ name: 'skein-test', version: '1.0.0' }, { capabilities });
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'bin/skein.js'), 'mcp', ...args],
      cwd: ROOT,
      env: { ...inherited, ...env },
      stderr: 'pipe',
    }),
  );
  return client;
}

/** An SDK client of the `/mcp` of a `skein serve` at `url`, with a bearer token. */
export async function httpClient(
  url: string,
  token: string | undefined,
  capabilities: ClientCapabilities = {},
): Promise<Client> {
  const client = new Client({ name: 'skein-test', version: '1.0.0' }, { capabilities });
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

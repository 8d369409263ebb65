import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/skein.js');
const STARTS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Milliseconds from spawning `skein mcp` to the answer to `initialize`, and to the list of tools. */
async function start(home: string): Promise<[number, number]> {
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env: {
      ...(process.env as Record<string, string>),
      SKEIN_HOME: home,
      SKEIN_SKILLS: join(ROOT, 'examples/skills'),
    },
    cwd: home,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport); // resolves once `initialize` is answered
  const initialized = performance.now() - t0;
  const { tools } = await client.listTools();
  if (!tools.length) throw new Error('skein mcp listed no tools');
  const listed = performance.now() - t0;
  await client.close();
  return [initialized, listed];
}

/**
 * `skein mcp` over stdio with the bundled examples (the built bin, a fresh home), as an MCP client
 * sees it: from spawning the process to `initialize` answered, and to `tools/list` answered; the
 * first start, then the median of the later ones.
 */
export async function benchMcpStart(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'skein-mcp-start-'));
  try {
    const [firstInit, firstList] = await start(home);
    const later: Array<[number, number]> = [];
    for (let i = 0; i < STARTS; i++) later.push(await start(home));
    console.log(
      `\n[mcp start] skein mcp (stdio, examples/skills): initialize answered ${median(later.map((t) => t[0])).toFixed(0)} ms, ` +
        `tools/list ${median(later.map((t) => t[1])).toFixed(0)} ms (median of ${STARTS}; first start ${firstInit.toFixed(0)} / ${firstList.toFixed(0)} ms; target initialize <= 1,000 ms)`,
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await benchMcpStart();

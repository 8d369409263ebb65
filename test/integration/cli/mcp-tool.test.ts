import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';

const FIXTURE = join(ROOT, 'test/fixtures/mcp');

test('a tool step calls a tool of an MCP server (stdio) configured in skein.yaml', async () => {
  const env = {
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-mcp-')),
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
  };
  const r = await skein(['run', join(FIXTURE, 'add_numbers.md'), '--input', '{"x": 2, "y": 40}', '--json'], {
    env,
  });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).output, { sentence: '2 + 40 = 42' });
  const events = JSON.parse(
    (await skein(['inspect', JSON.parse(r.stdout).runId, '--json'], { env })).stdout,
  ).events;
  const call = events.find((e: { type: string }) => e.type === 'tool_started');
  assert.deepEqual(call.input, { a: 2, b: 40 }, 'typed values reach the MCP tool');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from '../../helpers/cli.js';
import { httpClient } from '../../helpers/mcp-server.js';
import { api, SERVER_FIXTURE, serverEnv, startServer, type Json } from '../../helpers/server.js';

// One skill library per Skein (docs/library-api.md; issue 26, item 3): the API's list, diagnostics
// and lookups and MCP's tools come from one walk of the skills path, and `serve --watch` reloads it
// for both.

const PRELOAD = join(ROOT, 'test/fixtures/count-walks/preload.mjs');
const SKILLS = join(SERVER_FIXTURE, 'skills');

test('a cold skein serve walks the skills path once for the API, its diagnostics, lookups, runs and MCP', async () => {
  const env = serverEnv({ NODE_OPTIONS: `--import=${PRELOAD}`, SKEIN_TEST_COUNT_WALKS: SKILLS });
  const server = await startServer(env, ['--quiet']);
  const client = await httpClient(server.url, undefined);
  try {
    assert.ok((await api(`${server.url}/v1/skills`)).body.skills.length > 0);
    assert.equal((await api(`${server.url}/v1/skills/greet`)).status, 200);
    assert.equal((await api(`${server.url}/v1/diagnostics`)).status, 200);
    assert.equal((await api(`${server.url}/openapi.json`)).status, 200);
    const run = await api(`${server.url}/v1/skills/greet/runs`, {
      method: 'POST',
      json: { input: { name: 'Ada' } },
    });
    assert.equal(run.body.status, 'completed', JSON.stringify(run.body));
    assert.ok((await client.listTools()).tools.some((t) => t.name === 'greet'));
    const called = (await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })) as Json;
    assert.equal(called.isError, undefined);
  } finally {
    await client.close();
    assert.equal(await server.stop(), 0, server.stderr());
  }
  assert.match(server.stderr(), /^skills path walks: 1$/m, server.stderr());
});

test('skein serve --watch: a new skill file is listed by the API and becomes an MCP tool (list_changed)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-serve-watch-'));
  mkdirSync(join(dir, 'skills'));
  copyFileSync(join(SKILLS, 'greet.md'), join(dir, 'skills/greet.md'));
  writeFileSync(join(dir, 'skein.yaml'), 'skills: skills\n');
  const server = await startServer(serverEnv({ SKEIN_CONFIG: join(dir, 'skein.yaml') }), [
    '--quiet',
    '--watch',
  ]);
  const client = await httpClient(server.url, undefined);
  try {
    const ids = async () => ((await api(`${server.url}/v1/skills`)).body.skills as Json[]).map((s) => s.id);
    assert.deepEqual(await ids(), ['greet']);
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    await client.listTools();
    copyFileSync(join(ROOT, 'test/fixtures/mcp-server/skills/shout.md'), join(dir, 'skills/shout.md'));
    await changed;
    assert.deepEqual(await ids(), ['greet', 'shout']);
    assert.ok((await client.listTools()).tools.some((t) => t.name === 'shout'));
    const run = await api(`${server.url}/v1/skills/shout/runs`, {
      method: 'POST',
      json: { input: { text: 'hi' } },
    });
    assert.notEqual(run.status, 404, JSON.stringify(run.body));
  } finally {
    await client.close();
    assert.equal(await server.stop(), 0, server.stderr());
  }
});

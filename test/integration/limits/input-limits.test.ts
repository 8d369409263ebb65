import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, openSkein, RunRefused } from '../../../src/index.js';
import { skein } from '../../helpers/cli.js';
import { httpClient } from '../../helpers/mcp-server.js';
import { api, SERVER_FIXTURE, serverEnv, startServer, type Json } from '../../helpers/server.js';

// One input limit for every surface (docs/reliability.md, "Input limits"; issue 25, item 4): the same
// input nested 100 levels deep is refused by `skein run --input`, `POST /v1/skills/{id}/runs`, an MCP
// tool call and the library, with the same message; 64 levels (the default limit) pass everywhere.

/** `{"name": "Ada", "extra": [[…]]}`, nested `levels` deep in all (the object is the first level). */
function nested(levels: number) {
  let value: unknown = [];
  for (let i = 2; i < levels; i++) value = [value];
  return { name: 'Ada', extra: value };
}

const TOO_DEEP =
  /input for greet@1\.0\.0 is nested deeper than 64 levels, the limit \(limits\.inputDepth in skein\.yaml\)/;

test('100 levels of nesting are refused by the CLI, HTTP, MCP and the library alike; 64 pass', async () => {
  const env = serverEnv();
  const server = await startServer(env, ['--quiet']);
  const client = await httpClient(server.url, undefined);
  const library = openSkein({ config: loadConfig(SERVER_FIXTURE, env), store: 'memory' });
  try {
    for (const [levels, refused] of [
      [100, true],
      [65, true],
      [64, false],
    ] as const) {
      const input = nested(levels);
      const file = join(env.SKEIN_HOME, `input-${levels}.json`);
      writeFileSync(file, JSON.stringify(input));
      const cli = await skein(['run', 'greet', '--input', `@${file}`, '--json'], { env });
      const http = await api(`${server.url}/v1/skills/greet/runs`, { method: 'POST', json: { input } });
      const mcp = (await client.callTool({ name: 'greet', arguments: input })) as Json;
      const lib = await library.run('greet', input).catch((e: unknown) => e);
      if (!refused) {
        assert.equal(cli.code, 0, cli.stdout + cli.stderr);
        assert.equal(http.status, 200, JSON.stringify(http.body));
        assert.equal(mcp.isError, undefined, JSON.stringify(mcp));
        assert.equal((lib as { status: string }).status, 'completed');
        continue;
      }
      assert.equal(cli.code, 2, cli.stdout + cli.stderr);
      assert.match(JSON.parse(cli.stdout).error.message, TOO_DEEP);
      assert.equal(http.status, 400);
      assert.equal(http.body.error.code, 'input_invalid');
      assert.match(http.body.error.message, TOO_DEEP);
      assert.equal(mcp.isError, true);
      assert.match(mcp.content[0].text, TOO_DEEP);
      assert.ok(lib instanceof RunRefused && lib.code === 'input_invalid', String(lib));
      assert.match(lib.message, TOO_DEEP);
    }
  } finally {
    await client.close();
    await library.close();
    assert.equal(await server.stop(), 0, server.stderr());
  }
});

test('an input larger than limits.inputBytes is refused on every surface, and the limit comes from skein.yaml', async () => {
  const env = serverEnv();
  const config = join(env.SKEIN_HOME, 'skein.yaml');
  writeFileSync(
    config,
    `skills: ${join(SERVER_FIXTURE, 'skills')}\ntools:\n  modules: [${join(SERVER_FIXTURE, 'tools.ts')}]\nlimits:\n  inputBytes: 2000\n  inputDepth: 3\n`,
  );
  const small = { ...env, SKEIN_CONFIG: config };
  const server = await startServer(small, ['--quiet']);
  const client = await httpClient(server.url, undefined);
  try {
    const input = { name: 'x'.repeat(3000) };
    const tooLarge =
      /input for greet@1\.0\.0 is \d+ bytes as JSON, more than the limit of 2000 bytes \(limits\.inputBytes/;
    const cli = await skein(['run', 'greet', '--input', JSON.stringify(input), '--json'], { env: small });
    assert.equal(cli.code, 2, cli.stdout + cli.stderr);
    assert.match(JSON.parse(cli.stdout).error.message, tooLarge);
    const http = await api(`${server.url}/v1/skills/greet/runs`, { method: 'POST', json: { input } });
    assert.equal(http.status, 400);
    assert.match(http.body.error.message, tooLarge);
    const mcp = (await client.callTool({ name: 'greet', arguments: input })) as Json;
    assert.match(mcp.content[0].text, tooLarge);
    // The depth limit of skein.yaml: 4 levels are refused, 3 pass.
    const deep = await api(`${server.url}/v1/skills/greet/runs`, {
      method: 'POST',
      json: { input: { name: 'Ada', extra: [[[]]] } },
    });
    assert.match(deep.body.error.message, /nested deeper than 3 levels/);
    const ok = await api(`${server.url}/v1/skills/greet/runs`, {
      method: 'POST',
      json: { input: { name: 'Ada', extra: [[]] } },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  } finally {
    await client.close();
    assert.equal(await server.stop(), 0, server.stderr());
  }
});

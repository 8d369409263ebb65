import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { createApp, type AppOptions } from '../../../src/server/app.js';
import { openSkein, type Skein } from '../../../src/host/index.js';
import { listen, type ListeningServer } from '../../../src/server/serve.js';
import { skein } from '../../helpers/cli.js';
import { lintErrors, redoclyLint } from '../../helpers/redocly.js';
import { api, SERVER_FIXTURE, serverEnv, sseEvents, startServer, type Json } from '../../helpers/server.js';

// Tokens, limits, CORS, keep-alive and internal errors, on servers started in this process (real HTTP
// on 127.0.0.1, one Skein underneath), and what the command line refuses or keeps quiet.

const env = serverEnv();
let service: Skein;
const servers: ListeningServer[] = [];

before(async () => {
  process.env.GATE_DIR = env.GATE_DIR;
  service = openSkein({ config: loadConfig(SERVER_FIXTURE, env) });
});

after(async () => {
  for (const s of servers) await s.close(1000);
  await service.close();
});

async function serve(options: Partial<AppOptions> = {}): Promise<string> {
  const app = createApp({
    skein: service,
    tokens: [],
    cors: [],
    bodyLimit: 1024 * 1024,
    root: SERVER_FIXTURE,
    errorLog: () => {},
    ...options,
  });
  const server = await listen(app, '127.0.0.1', 0);
  servers.push(server);
  return server.url;
}

test('with tokens, every route but health needs a valid bearer token (401 otherwise)', async () => {
  const url = await serve({ tokens: ['s3cret', 'other-token'] });
  const anonymous = await api(`${url}/v1/skills`);
  assert.deepEqual([anonymous.status, anonymous.body.error.code], [401, 'unauthorized']);
  assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer');
  for (const header of ['Bearer wrong', 'Bearer s3cre', 'Bearer s3cret2', 'Basic s3cret', 's3cret'])
    assert.equal((await api(`${url}/v1/skills`, { headers: { authorization: header } })).status, 401, header);
  for (const token of ['s3cret', 'other-token'])
    assert.equal(
      (await api(`${url}/v1/skills`, { headers: { authorization: `Bearer ${token}` } })).status,
      200,
    );
  assert.equal((await api(`${url}/v1/health`)).status, 200);
  assert.equal((await api(`${url}/openapi.json`)).status, 401);
  const doc = await api(`${url}/openapi.json`, { headers: { authorization: 'bearer s3cret' } });
  assert.deepEqual(doc.body.security, [{ bearer: [] }]);
  assert.deepEqual(doc.body.paths['/v1/health'].get.security, []);
  // Every operation that needs the token says it answers 401; health does not.
  assert.equal(doc.body.paths['/v1/health'].get.responses['401'], undefined);
  for (const [path, item] of Object.entries(doc.body.paths as Record<string, Record<string, Json>>))
    for (const [method, operation] of Object.entries(item))
      if (path !== '/v1/health')
        assert.deepEqual(
          operation.responses['401'],
          { $ref: '#/components/responses/Unauthorized' },
          `${method} ${path}`,
        );
  assert.equal(doc.body.components.securitySchemes.bearer.scheme, 'bearer');
  assert.equal(lintErrors(await redoclyLint(doc.body)), '');
});

test('a body over the limit is refused with 413', async () => {
  const url = await serve({ bodyLimit: 200 });
  const big = await api(`${url}/v1/skills/greet/runs`, {
    method: 'POST',
    json: { input: { name: 'x'.repeat(300) } },
  });
  assert.deepEqual([big.status, big.body.error.code], [413, 'body_too_large']);
  const small = await api(`${url}/v1/skills/greet/runs`, { method: 'POST', json: { input: { name: 'x' } } });
  assert.equal(small.status, 200);
});

test('CORS is off by default; allowed origins get their headers, even on preflight before the token check', async () => {
  const closed = await serve();
  const plain = await fetch(`${closed}/v1/skills`, { headers: { origin: 'https://app.example' } });
  assert.equal(plain.headers.get('access-control-allow-origin'), null);
  const open = await serve({ cors: ['https://app.example'], tokens: ['t'] });
  const preflight = await fetch(`${open}/v1/skills`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://app.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  const allowed = await fetch(`${open}/v1/skills`, {
    headers: { origin: 'https://app.example', authorization: 'Bearer t' },
  });
  assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example');
  const other = await fetch(`${open}/v1/skills`, {
    headers: { origin: 'https://evil.example', authorization: 'Bearer t' },
  });
  assert.equal(other.headers.get('access-control-allow-origin'), null);
});

test('an event stream sends keep-alive comments while a step runs', async () => {
  const url = await serve({ keepAliveMs: 30 });
  const started = fetch(`${url}/v1/skills/gated/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ input: { gate: 'keepalive' } }),
  });
  const seen: string[] = [];
  for await (const e of sseEvents(await started)) {
    seen.push(e.comment !== undefined ? `: ${e.comment}` : e.event!);
    if (e.event === 'tool_started') setTimeout(() => writeFileSync(join(env.GATE_DIR, 'keepalive'), ''), 150);
  }
  const wait = seen.slice(
    seen.indexOf('tool_started') + 1,
    seen.indexOf('node_finished', seen.indexOf('tool_started')),
  );
  assert.ok(wait.filter((s) => s === ': keep-alive').length >= 2, seen.join(' '));
  assert.equal(seen.at(-1), 'result');
});

test('an internal failure is a 500 that says nothing internal; the details go to the error log', async () => {
  // A Skein home that is a file: the run store cannot open, so every read of runs fails inside the server.
  const home = join(env.SKEIN_HOME, 'not-a-folder');
  writeFileSync(home, '');
  const broken = openSkein({ config: loadConfig(SERVER_FIXTURE, { ...env, SKEIN_HOME: home }) });
  const logged: string[] = [];
  const app = createApp({
    skein: broken,
    tokens: [],
    cors: [],
    bodyLimit: 1024,
    root: SERVER_FIXTURE,
    errorLog: (line) => logged.push(line),
  });
  const server = await listen(app, '127.0.0.1', 0);
  servers.push(server);
  const res = await api(`${server.url}/v1/runs`, { headers: { 'x-request-id': 'req-500' } });
  assert.deepEqual([res.status, res.body.error.code], [500, 'internal']);
  assert.equal(res.body.error.message, 'internal error; the server log has the details (request req-500)');
  assert.equal(logged.length, 1);
  assert.equal(JSON.parse(logged[0]).requestId, 'req-500');
  assert.match(JSON.parse(logged[0]).error, /not-a-folder[\s\S]*\bat /);
});

test('without tokens the command refuses to listen beyond loopback; with tokens it does, and --quiet keeps the log quiet', async () => {
  const refused = await skein(['serve', '--host', '0.0.0.0', '--port', '0'], { env: serverEnv() });
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /refusing to listen on 0\.0\.0\.0 without API tokens.*SKEIN_API_TOKENS/s);
  const open = await startServer(serverEnv({ SKEIN_API_TOKENS: 'tok-1, tok-2' }), [
    '--host',
    '0.0.0.0',
    '--quiet',
  ]);
  assert.match(open.url, /^http:\/\/0\.0\.0\.0:\d+$/);
  const local = open.url.replace('0.0.0.0', '127.0.0.1');
  assert.equal((await api(`${local}/v1/skills`)).status, 401);
  assert.equal((await api(`${local}/v1/skills`, { headers: { authorization: 'Bearer tok-2' } })).status, 200);
  assert.equal(await open.stop('SIGINT'), 0);
  assert.doesNotMatch(open.stderr(), /"requestId"/);
});

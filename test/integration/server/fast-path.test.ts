import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config/load-config.js';
import { createApp, type AppOptions, type SkeinApp } from '../../../src/server/app.js';
import { openSkein, type Skein } from '../../../src/host/index.js';
import { listen, type ListeningServer } from '../../../src/server/serve.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { fastPath } from '../../../src/server/fast-path.js';
import { RunHub } from '../../../src/server/run-hub.js';
import { SkillCatalog } from '../../../src/server/skill-catalog.js';
import { SERVER_FIXTURE, serverEnv, type Json } from '../../helpers/server.js';

// The fast path of `POST /v1/skills/{id}/runs` (src/server/fast-path.ts) answers as the route does:
// each request goes over real HTTP to a listening server (the fast path first) and, the same, to the
// app's own `fetch` (Hono alone), and the two answers must match in status, headers and body.

const env = serverEnv();
let service: Skein;
const servers: ListeningServer[] = [];

before(() => {
  process.env.GATE_DIR = env.GATE_DIR;
  service = openSkein({ config: loadConfig(SERVER_FIXTURE, env), store: 'memory' });
});

after(async () => {
  for (const s of servers) await s.close(1000);
  await service.close();
});

async function serve(options: Partial<AppOptions> = {}): Promise<{ url: string; app: SkeinApp }> {
  const app = createApp({
    skein: service,
    tokens: [],
    cors: [],
    bodyLimit: 4096,
    root: SERVER_FIXTURE,
    errorLog: () => {},
    ...options,
  });
  const server = await listen(app, '127.0.0.1', 0);
  servers.push(server);
  return { url: server.url, app };
}

interface Case {
  name: string;
  /** Whether the fast path answers it (else it goes to the route). */
  fast?: boolean;
  path?: string;
  body: string;
  headers?: Record<string, string>;
}

/** An answer with what differs between two runs (ids, times) made the same. */
async function answer(res: Response) {
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (body?.runId) body.runId = '<run>';
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    requestId: res.headers.get('x-request-id')?.startsWith('given-')
      ? res.headers.get('x-request-id')
      : 'new',
    authenticate: res.headers.get('www-authenticate'),
    body,
  };
}

/** The same request over HTTP (fast path first) and to Hono alone. */
async function both(server: { url: string; app: SkeinApp }, c: Case, headers: Record<string, string> = {}) {
  const init = () => ({
    method: 'POST',
    body: c.body,
    headers: { 'content-type': 'application/json', ...headers, ...c.headers },
  });
  const path = c.path ?? '/v1/skills/greet/runs';
  const http = await answer(await fetch(server.url + path, init()));
  const hono = await answer(await server.app.app.fetch(new Request(`http://localhost${path}`, init())));
  return { http, hono };
}

const CASES: Case[] = [
  { name: 'a run that completes', fast: true, body: JSON.stringify({ input: { name: 'Ann' } }) },
  { name: 'a version', fast: true, body: JSON.stringify({ input: { name: 'Ann' }, version: '1.0.0' }) },
  {
    name: 'a run that pauses',
    fast: true,
    path: '/v1/skills/confirm/runs',
    body: JSON.stringify({ input: { item: 'lamp' } }),
  },
  { name: 'an input the schema refuses', fast: true, body: JSON.stringify({ input: { name: 3 } }) },
  { name: 'an input without its required field', fast: true, body: JSON.stringify({ input: {} }) },
  { name: 'a field the body does not take', body: JSON.stringify({ inputs: { name: 'Ann' } }) },
  { name: 'bad JSON', body: '{"input": ' },
  { name: 'an empty body', body: '' },
  { name: 'an unknown skill', path: '/v1/skills/nope/runs', body: JSON.stringify({ input: {} }) },
  { name: 'an unknown version', body: JSON.stringify({ input: { name: 'Ann' }, version: '9.9.9' }) },
  { name: 'a bad webhook', body: JSON.stringify({ input: { name: 'Ann' }, webhook: 'ftp://x' }) },
  { name: 'a body over the limit', body: JSON.stringify({ input: { name: 'A'.repeat(5000) } }) },
  {
    name: "the caller's request id",
    fast: true,
    body: JSON.stringify({ input: { name: 'Ann' } }),
    headers: { 'x-request-id': 'given-123' },
  },
  {
    name: 'another content type',
    body: JSON.stringify({ input: { name: 'Ann' } }),
    headers: { 'content-type': 'text/plain' },
  },
];

test('the fast path answers every start as the route does: runs, pauses and every refusal', async () => {
  const server = await serve();
  for (const c of CASES) {
    const { http, hono } = await both(server, c);
    assert.deepEqual(http, hono, c.name);
  }
  const { http } = await both(server, CASES[0]);
  assert.deepEqual(
    [http.status, http.body.status, http.body.output],
    [200, 'completed', { greeting: 'Hello, Ann!' }],
  );
});

test('with tokens, the fast path lets through only a valid token and answers as the route does', async () => {
  const server = await serve({ tokens: ['s3cret'] });
  for (const authorization of ['Bearer s3cret', 'Bearer wrong', '']) {
    const { http, hono } = await both(server, CASES[0], authorization ? { authorization } : {});
    assert.deepEqual(http, hono, authorization || 'no token');
    assert.equal(http.status, authorization === 'Bearer s3cret' ? 200 : 401);
  }
});

test('an idempotency key on the fast path gives the first run again, and another input a conflict', async () => {
  const { url } = await serve();
  const start = (name: string) =>
    fetch(`${url}/v1/skills/greet/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'fast-key-1' },
      body: JSON.stringify({ input: { name } }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
  const first = await start('Ann');
  const again = await start('Ann');
  assert.equal(first.status, 200);
  assert.equal(again.body.runId, first.body.runId);
  const other = await start('Bob');
  assert.deepEqual([other.status, other.body.error.code], [409, 'idempotency_conflict']);
});

test('the access log has one line for each start the fast path answers', async () => {
  const lines: string[] = [];
  const { url } = await serve({ accessLog: (line) => lines.push(line) });
  const res = await fetch(`${url}/v1/skills/greet/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'given-log' },
    body: JSON.stringify({ input: { name: 'Ann' } }),
  });
  assert.equal(res.status, 200);
  const entry = JSON.parse(lines.at(-1)!);
  assert.deepEqual(
    [entry.requestId, entry.method, entry.path, entry.status],
    ['given-log', 'POST', '/v1/skills/greet/runs', 200],
  );
  assert.equal(typeof entry.ms, 'number');
});

test('the fast path answers a plain start itself and hands every other request, body and all, to the route', async () => {
  const { app } = await serve();
  const handed: string[] = [];
  const hono = getRequestListener(app.app.fetch);
  const listener = fastPath(
    {
      hub: new RunHub(service),
      catalog: new SkillCatalog(service),
      root: SERVER_FIXTURE,
      bodyLimit: 4096,
      draining: () => false,
      answerError: () => ({ status: 500, body: { from: 'answerError' }, headers: {} }),
    },
    (req, res) => (handed.push(req.url!), hono(req, res)),
  );
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const c of CASES) {
      handed.length = 0;
      const res = await fetch(url + (c.path ?? '/v1/skills/greet/runs'), {
        method: 'POST',
        body: c.body,
        headers: { 'content-type': 'application/json', ...c.headers },
      });
      const body = (await res.json()) as Json;
      assert.equal(
        handed.length,
        c.fast ? 0 : 1,
        `${c.name}: ${c.fast ? 'answered on the fast path' : 'handed over'}`,
      );
      // A refusal of the run itself is answered by the fast path through the app's error answer.
      if (c.fast && res.status !== 200) assert.deepEqual([res.status, body], [500, { from: 'answerError' }]);
    }
    handed.length = 0;
    const other = await fetch(`${url}/v1/health`);
    assert.equal(other.status, 200);
    assert.deepEqual(handed, ['/v1/health']);
  } finally {
    server.close();
  }
});

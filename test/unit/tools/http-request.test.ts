import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createToolRegistry, invokeTool, ToolError } from '../../../src/tools/index.js';
import { testConfig } from '../../helpers/tools.js';

/** Every request the local server saw: method, path, headers and body. */
const seen: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let port: number;

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const at = new URL(req.url ?? '/', 'http://x');
      if (at.pathname === '/json') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-answer': '42' });
        res.end(JSON.stringify({ region: '华东', amount: 1814.1 }));
      } else if (at.pathname === '/text') {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
      } else if (at.pathname === '/redirect-out') {
        res.writeHead(302, { location: `http://localhost:${port}/secret` });
        res.end();
      } else if (at.pathname === '/redirect-in') {
        res.writeHead(303, { location: '/json' });
        res.end();
      } else if (at.pathname === '/loop') {
        res.writeHead(307, { location: '/loop' });
        res.end();
      } else if (at.pathname === '/big') {
        // 3 MB in chunks, no content-length: the limit is found while reading.
        res.writeHead(200, { 'content-type': 'text/plain' });
        for (let i = 0; i < 3; i++) res.write('x'.repeat(1024 * 1024));
        res.end();
      } else if (at.pathname === '/slow') {
        setTimeout(() => res.end('late'), 2000).unref();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ method: req.method, contentType: req.headers['content-type'] ?? null, body }),
        );
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});

after(() => new Promise<void>((ok) => server.close(() => ok())));

async function request(allow: string[], input: Record<string, unknown>, toolOutputBytes?: number) {
  const config = testConfig('/tmp', { httpAllow: allow });
  if (toolOutputBytes) config.limits = { ...config.limits, toolOutputBytes };
  const { registry, close } = await createToolRegistry(config);
  try {
    return await invokeTool(registry.require('http.request'), input, { workspace: '/tmp' });
  } finally {
    await close();
  }
}

test('an allowed host is reached; JSON responses are parsed', async () => {
  const out = await request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/json` });
  assert.equal(out.status, 200);
  assert.equal(out.ok, true);
  assert.deepEqual(out.body, { region: '华东', amount: 1814.1 });
  assert.equal((out.headers as Record<string, string>)['x-answer'], '42');
});

test('text bodies stay text and error statuses are not thrown', async () => {
  assert.deepEqual(
    { ...(await request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/text` })), headers: undefined },
    { status: 404, ok: false, body: 'not here', headers: undefined },
  );
});

test('a value body is sent as JSON with the method given', async () => {
  const out = await request([`127.0.0.1:${port}`], {
    url: `http://127.0.0.1:${port}/echo`,
    method: 'post',
    body: { q: '销售' },
  });
  assert.deepEqual(out.body, { method: 'POST', contentType: 'application/json', body: '{"q":"销售"}' });
});

test('a host not on the list is refused before any connection is made', async () => {
  const before = seen.length;
  for (const [allow, url] of [
    [['127.0.0.1'], `http://localhost:${port}/json`],
    [[], `http://127.0.0.1:${port}/json`],
    [['127.0.0.1:1'], `http://127.0.0.1:${port}/json`],
    [['*.example.com'], `http://127.0.0.1:${port}/json`],
  ] as const) {
    await assert.rejects(request([...allow], { url }), (e: unknown) => {
      assert.ok(e instanceof ToolError);
      assert.match(
        e.message,
        /^tool "http.request": host "(localhost|127\.0\.0\.1)" is not allowed; add it to tools.http.allow in skein.yaml/,
      );
      return true;
    });
  }
  await assert.rejects(request(['127.0.0.1'], { url: 'file:///etc/passwd' }), /only http and https URLs/);
  assert.equal(seen.length, before, 'the server saw no request');
});

test('a redirect to a host that is not allowed is refused; one to an allowed host is followed', async () => {
  const before = seen.length;
  await assert.rejects(
    request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/redirect-out` }),
    /host "localhost" \(redirected from 127\.0\.0\.1:\d+\) is not allowed/,
  );
  assert.deepEqual(
    seen.slice(before).map((r) => r.path),
    ['/redirect-out'],
  );
  const followed = await request(['127.0.0.1'], {
    url: `http://127.0.0.1:${port}/redirect-in`,
    method: 'POST',
    body: 'x',
  });
  assert.deepEqual(followed.body, { region: '华东', amount: 1814.1 });
  assert.deepEqual(
    seen.slice(-1).map((r) => [r.method, r.path]),
    [['GET', '/json']],
  );
  await assert.rejects(
    request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/loop` }),
    /more than 5 redirects/,
  );
});

test('allow-list bypasses are refused: decimal and IPv6 literals, allowed@evil, other ports, look-alike hosts', async () => {
  const before = seen.length;
  for (const [allow, url, host] of [
    [['example.com'], `http://2130706433:${port}/json`, '127.0.0.1'],
    [['example.com'], `http://0x7f000001:${port}/json`, '127.0.0.1'],
    [['127.0.0.1'], `http://[::ffff:127.0.0.1]:${port}/json`, '[::ffff:7f00:1]'],
    [['127.0.0.1'], `http://[::1]:${port}/json`, '[::1]'],
    [['example.com'], `http://example.com@127.0.0.1:${port}/json`, '127.0.0.1'],
    [['example.com'], `http://127.0.0.1:${port}#@example.com/json`, '127.0.0.1'],
    [['example.com'], `http://example.com.127.0.0.1.nip.io:${port}/json`, 'example.com.127.0.0.1.nip.io'],
    [['*.example.com'], `http://evilexample.com:${port}/json`, 'evilexample.com'],
    [['localhost:1'], `http://localhost:${port}/json`, 'localhost'],
  ] as const) {
    await assert.rejects(request([...allow], { url }), (e: unknown) => {
      assert.ok(e instanceof ToolError);
      assert.ok(e.message.includes(`host "${host}"`), `${url}: ${e.message}`);
      assert.match(e.message, /is not allowed/);
      return true;
    });
  }
  assert.equal(seen.length, before, 'the server saw no request');
});

test('a response body past limits.toolOutputBytes is refused without reading it all', async () => {
  await assert.rejects(
    request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/big` }, 1024 * 1024),
    /the response body is more than 1048576 bytes, more than the limit of 1048576 \(limits.toolOutputBytes in skein.yaml\)/,
  );
  const fine = await request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/json` }, 1024 * 1024);
  assert.equal(fine.status, 200);
});

test('timeoutMs ends a request that takes too long', async () => {
  await assert.rejects(
    request(['127.0.0.1'], { url: `http://127.0.0.1:${port}/slow`, timeoutMs: 200 }),
    /GET http:\/\/127\.0\.0\.1:\d+\/slow: no response within 200 ms/,
  );
});

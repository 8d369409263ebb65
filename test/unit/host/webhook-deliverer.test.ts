// The webhook deliverer against a real HTTP receiver on 127.0.0.1: Standard Webhooks headers and
// signature (checked here from the spec, not with the deliverer's code), a receiver that fails and
// then takes the message, and a deliverer and store reopened between two attempts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteRunStore } from '../../../src/store/sqlite.js';
import { retryDelay, startDeliverer } from '../../../src/host/webhook-deliverer.js';
import { runRecord } from '../../../src/runtime/ports/conformance/fixtures.js';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver answering each request with the next of `statuses` (the last one repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses[Math.min(received.length - 1, statuses.length - 1)]).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((r) => server.close(r)) };
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
};

test('a completed run is POSTed once, signed as Standard Webhooks says, after its receiver failed and a restart', async () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const hook = await receiver([503, 204]);
  const file = join(mkdtempSync(join(tmpdir(), 'skein-hooks-')), 'runs.db');
  const webhooks = [{ url: hook.url, events: ['run.completed' as const], secret }];
  let store = new SqliteRunStore(file);
  store.sendStatusChangesTo(webhooks);
  await store.createRun(runRecord('h1'));
  await store.transition('h1', ['running'], 'completed', { output: { ok: true } });
  let stop = startDeliverer(store, webhooks, 20);
  await until(() => hook.received.length === 1);
  await stop();
  await store.close();
  const [first] = (await new SqliteRunStore(file).listDeliveries({ limit: 5 })).deliveries;
  assert.equal(first.status, 'pending');
  assert.equal(first.lastStatus, 503);
  // The process restarts: a new store and deliverer send the pending delivery when it is due again.
  store = new SqliteRunStore(file);
  stop = startDeliverer(store, webhooks, 20);
  await until(async () => (await store.listDeliveries({ limit: 5 })).deliveries[0].status === 'delivered');
  await stop();
  assert.equal(hook.received.length, 2);
  const [a, b] = hook.received;
  assert.equal(a.headers['webhook-id'], b.headers['webhook-id']);
  assert.equal(a.body, b.body);
  const body = JSON.parse(b.body);
  assert.equal(body.type, 'run.completed');
  assert.deepEqual(body.data.output, { ok: true });
  assert.equal(body.data.runId, 'h1');
  const id = String(b.headers['webhook-id']);
  const timestamp = String(b.headers['webhook-timestamp']);
  assert.ok(Math.abs(Number(timestamp) - Date.now() / 1000) < 300);
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${b.body}`).digest('base64');
  assert.deepEqual(String(b.headers['webhook-signature']).split(' '), [`v1,${expected}`]);
  const [done] = (await store.listDeliveries({ limit: 5 })).deliveries;
  assert.equal(done.attempts, 2);
  assert.equal(done.lastStatus, 204);
  await store.close();
  await hook.close();
});

test('a receiver that is down is retried with doubling waits', () => {
  assert.deepEqual([1, 2, 3, 4].map(retryDelay), [1000, 2000, 4000, 8000]);
  assert.equal(retryDelay(40), 60 * 60 * 1000);
});

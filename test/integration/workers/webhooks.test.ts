// A run's own webhook on PostgreSQL (issue 29 item 3): POST /v1/skills/{id}/runs with "webhook", the
// receiver down at first, the server stopped and started again between attempts; the delivery is then
// received once, and GET /v1/webhooks/deliveries and `skein webhooks` show where it stands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { skein } from '../../helpers/cli.js';
import { postgresAvailable } from '../../helpers/postgres.js';
import { api, startServer } from '../../helpers/server.js';
import { sharedStore, waitFor } from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

/** A free port on 127.0.0.1, with nothing listening on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A receiver on `port` that takes every message (204) and keeps it. */
async function receiver(port: number) {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise((r) => server.close(r)) };
}

test(
  "a run's own webhook: receiver down, server restarted, then received once; listed over HTTP and by skein webhooks",
  { skip },
  async () => {
    const store = await sharedStore('hooks');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hook`;
    let server = await startServer(store.env);
    try {
      const bad = await api(`${server.url}/v1/skills/chain/runs`, {
        method: 'POST',
        json: { input: { label: 'x' }, webhook: 'ftp://example.com/' },
      });
      assert.deepEqual([bad.status, bad.body.error.code], [400, 'invalid_request']);
      const run = await api(`${server.url}/v1/skills/chain/runs`, {
        method: 'POST',
        json: { input: { label: 'hooked' }, webhook: url },
      });
      assert.equal(run.body.status, 'completed');
      const { runId } = run.body;
      const deliveries = async (base: string) =>
        (await api(`${base}/v1/webhooks/deliveries?run=${runId}`)).body.deliveries;
      // Nothing listens yet: the first attempt fails and the delivery waits for its next one.
      await waitFor(async () => (await deliveries(server.url))[0]?.attempts >= 1);
      const [pending] = await deliveries(server.url);
      assert.equal(pending.status, 'pending');
      assert.equal(pending.event, 'run.completed');
      assert.equal(pending.url, url);
      assert.match(pending.lastError, /ECONNREFUSED/);
      assert.ok(Date.parse(pending.nextAttemptAt) > Date.parse(pending.createdAt));
      assert.equal(await server.stop(), 0, server.stderr());
      // The receiver comes up while no server runs; a new server sends what the old one could not.
      const hook = await receiver(port);
      try {
        server = await startServer(store.env);
        await waitFor(() => hook.received.length > 0);
        await waitFor(async () => (await deliveries(server.url))[0].status === 'delivered');
        const [done] = await deliveries(server.url);
        assert.equal(done.lastStatus, 204);
        assert.ok(done.attempts >= 2);
        assert.equal(done.nextAttemptAt, undefined);
        assert.equal(hook.received.length, 1);
        assert.equal(hook.received[0].headers['webhook-id'], done.id);
        const body = JSON.parse(hook.received[0].body);
        assert.equal(body.type, 'run.completed');
        assert.equal(body.data.runId, runId);
        assert.deepEqual(body.data.output, { summary: 'hooked: one=true two=true three=true' });
        const listed = await skein(['webhooks', '--run', runId, '--json'], { env: store.env });
        assert.equal(listed.code, 0, listed.stderr);
        const [row] = JSON.parse(listed.stdout).deliveries;
        assert.deepEqual(
          [row.id, row.status, row.event, row.url],
          [done.id, 'delivered', 'run.completed', url],
        );
        const text = await skein(['webhooks', '--status', 'delivered'], { env: store.env });
        assert.match(text.stdout, new RegExp(`run\\.completed\\s+${runId}\\s+delivered`));
        const none = await skein(['webhooks', '--status', 'failed'], { env: store.env });
        assert.equal(none.stdout, 'no webhook deliveries in this store\n');
      } finally {
        await hook.close();
      }
    } finally {
      await server.stop();
      await store.drop();
    }
  },
);

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { skein } from '../../helpers/cli.js';
import { postgresAvailable } from '../../helpers/postgres.js';
import { api, sseEvents, startServer, type ServerProcess, type SseEvent } from '../../helpers/server.js';
import { sharedStore, startWorker, type SharedStore, type WorkerProcess } from '../../helpers/workers.js';

// The inbox on PostgreSQL across processes (issue 29 item 4): `serve --no-worker` streams the inbox
// while a worker process drives the runs and another process (the CLI) answers one.

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';
let store: SharedStore;
let server: ServerProcess;
let worker: WorkerProcess;
let v1: string;

before(async () => {
  if (skip) return;
  store = await sharedStore('inbox');
  [server, worker] = await Promise.all([startServer(store.env, ['--no-worker']), startWorker(store.env)]);
  v1 = `${server.url}/v1`;
});

after(async () => {
  if (skip) return;
  await Promise.all([server.stop(), worker.stop()]);
  await store.drop();
});

test(
  'the inbox stream of one process hears runs another process pauses, and answers given by a third',
  { skip },
  async () => {
    const stop = new AbortController();
    const res = await fetch(`${v1}/awaits`, {
      headers: { accept: 'text/event-stream' },
      signal: stop.signal,
    });
    const events = sseEvents(res);
    const next = async (): Promise<SseEvent> => {
      for (;;) {
        const { value, done } = await events.next();
        assert.ok(!done, 'the stream ended');
        if (value.event) return value;
      }
    };
    try {
      assert.deepEqual(await next(), { event: 'snapshot', data: { awaits: [] } });
      // Started without waiting: the worker drives it to its pause.
      const started = await api(`${v1}/skills/confirm/runs`, {
        method: 'POST',
        json: { input: { item: 'lamp' }, wait: false },
      });
      assert.equal(started.status, 202, JSON.stringify(started.body));
      const added = await next();
      assert.equal(added.event, 'await.added');
      assert.equal(added.data.runId, started.body.runId);
      assert.equal(added.data.message, 'lamp. Confirm?');

      const listed = await skein(['awaits', '--json'], { env: store.env });
      assert.deepEqual(
        JSON.parse(listed.stdout).awaits.map((a: { runId: string }) => a.runId),
        [started.body.runId],
      );
      const answered = await skein(['resume', started.body.runId, '--input', '{"ok": true}', '--json'], {
        env: store.env,
      });
      assert.equal(answered.code, 0, answered.stderr);
      const removed = await next();
      assert.deepEqual(
        { event: removed.event, data: removed.data },
        { event: 'await.removed', data: { runId: started.body.runId } },
      );
    } finally {
      stop.abort();
    }
  },
);

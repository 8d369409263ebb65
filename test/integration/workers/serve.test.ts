import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { postgresAvailable, terminateConnections } from '../../helpers/postgres.js';
import { api, readSse, type Json, sseEvents, startServer, type ServerProcess } from '../../helpers/server.js';
import {
  marks,
  sharedStore,
  startWorker,
  waitFor,
  type SharedStore,
  type WorkerProcess,
} from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';
let store: SharedStore;
let server: ServerProcess;
let worker: WorkerProcess;
let v1: string;

before(async () => {
  if (skip) return;
  store = await sharedStore('serve', { MARK_MS: '150' });
  [server, worker] = await Promise.all([startServer(store.env, ['--no-worker']), startWorker(store.env)]);
  v1 = `${server.url}/v1`;
});

after(async () => {
  if (skip) return;
  await Promise.all([server.stop(), worker.stop()]);
  await store.drop();
});

const runJson = async (label: string): Promise<Json> => (await post(label)).json();
const post = (label: string, headers: Record<string, string> = {}) =>
  fetch(`${v1}/skills/chain/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ input: { label } }),
  });

test(
  'serve --no-worker: a worker process drives the run, the POST streams its events and result',
  { skip },
  async () => {
    const events = await readSse(await post('sse', { accept: 'text/event-stream' }));
    const result = events.at(-1)!;
    assert.equal(result.event, 'result');
    assert.deepEqual(result.data.output, { summary: 'sse: one=true two=true three=true' });
    const stored = events.slice(0, -1);
    assert.deepEqual(
      stored.map((e) => e.id),
      stored.map((_, i) => String(i)),
    );
    assert.deepEqual(
      stored.filter((e) => e.event === 'tool_finished').map((e) => e.data.node),
      ['one', 'two', 'three'],
    );
    assert.equal(stored.at(-1)!.event, 'completed');
    // Every step ran in the worker, none in the server.
    const ran = marks(store).filter(([runId]) => runId === result.data.runId);
    assert.deepEqual(
      ran.map(([, label, pid]) => [label, Number(pid)]),
      [
        ['one', worker.pid],
        ['two', worker.pid],
        ['three', worker.pid],
      ],
    );
  },
);

test(
  'GET /v1/runs/{id}/events follows a run a worker drives, live, until it completes',
  { skip },
  async () => {
    const pending = runJson('live');
    let runId = '';
    await waitFor(async () => {
      runId = (await api(`${v1}/runs?status=running&skill=chain`)).body.runs[0]?.runId ?? '';
      return runId !== '';
    });
    const res = await fetch(`${v1}/runs/${runId}/events`, { headers: { accept: 'text/event-stream' } });
    const seen: string[] = [];
    for await (const e of sseEvents(res)) seen.push(e.event!);
    assert.equal(seen.at(-1), 'completed');
    assert.equal(seen.filter((e) => e === 'tool_finished').length, 3);
    assert.equal((await pending).status, 'completed');
  },
);

test(
  'PostgreSQL connections dropped under a worker and the server: both go on, the runs complete',
  { skip },
  async () => {
    const runs = ['a', 'b', 'c', 'd', 'e'].map((label) =>
      runJson(label).catch((e) => assert.fail(`${e}: ${server.stderr()}`)),
    );
    await waitFor(() => marks(store).some(([, label]) => label === 'one') && marks(store).length >= 3);
    assert.ok((await terminateConnections(store.url)) > 0);
    const stuck = setTimeout(() => console.error(`stuck: ${worker.stderr()}\n${server.stderr()}`), 20_000);
    for (const run of await Promise.all(runs))
      assert.equal(run.status, 'completed', JSON.stringify(run) + server.stderr().slice(-3000));
    clearTimeout(stuck);
    const after = await runJson('after');
    assert.equal(after.status, 'completed', JSON.stringify(after) + worker.stderr());
    assert.equal(worker.child.exitCode, null, worker.stderr());
    assert.equal(server.child.exitCode, null, server.stderr());
  },
);

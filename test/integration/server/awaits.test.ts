import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { skein } from '../../helpers/cli.js';
import {
  api,
  serverEnv,
  sseEvents,
  startServer,
  type ServerProcess,
  type SseEvent,
} from '../../helpers/server.js';

// The inbox (issue 29 item 4): GET /v1/awaits lists every run that awaits a person.

let server: ServerProcess;
let v1: string;
let env: Record<string, string>;

before(async () => {
  env = serverEnv();
  server = await startServer(env);
  v1 = `${server.url}/v1`;
});

after(async () => {
  assert.equal(await server.stop(), 0, server.stderr());
});

test('GET /v1/awaits lists paused runs with step, message, schema and since; answered ones leave it', async () => {
  assert.deepEqual((await api(`${v1}/awaits`)).body, { awaits: [] });
  const first = await api(`${v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item: 'pen' } } });
  const second = await api(`${v1}/skills/confirm/runs`, { method: 'POST', json: { input: { item: 'ink' } } });
  assert.equal(first.body.status, 'awaiting');
  await api(`${v1}/skills/greet/runs`, { method: 'POST', json: { input: { name: 'Ann' } } });

  const { awaits } = (await api(`${v1}/awaits`)).body;
  assert.deepEqual(
    awaits.map((a: { runId: string }) => a.runId),
    [first.body.runId, second.body.runId],
  );
  const [one] = awaits;
  assert.equal(one.skill, 'confirm');
  assert.equal(one.step, first.body.await.step);
  assert.equal(one.message, first.body.await.message);
  assert.deepEqual(one.schema, first.body.await.inputSchema);
  assert.ok(Date.parse(one.since) > 0);

  assert.deepEqual((await api(`${v1}/awaits?skill=greet`)).body, { awaits: [] });
  assert.equal((await api(`${v1}/awaits?skill=confirm`)).body.awaits.length, 2);
  assert.deepEqual((await api(`${v1}/awaits?minAge=3600`)).body, { awaits: [] });
  assert.equal((await api(`${v1}/awaits?minAge=-1`)).status, 400);

  const answer = Object.keys(first.body.await.inputSchema.properties ?? {})[0];
  const resumed = await api(`${v1}/runs/${first.body.runId}/resume`, {
    method: 'POST',
    json: { input: { [answer]: true } },
  });
  assert.notEqual(resumed.body.status, 'awaiting', JSON.stringify(resumed.body));
  assert.deepEqual(
    (await api(`${v1}/awaits`)).body.awaits.map((a: { runId: string }) => a.runId),
    [second.body.runId],
  );
});

test('GET /v1/awaits with Accept: text/event-stream: a snapshot, then questions added and removed as runs pause and are answered', async () => {
  const stop = new AbortController();
  const res = await fetch(`${v1}/awaits?skill=confirm`, {
    headers: { accept: 'text/event-stream' },
    signal: stop.signal,
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = sseEvents(res);
  const next = async (): Promise<SseEvent> => {
    for (;;) {
      const { value, done } = await events.next();
      assert.ok(!done, 'the stream ended');
      if (value.event) return value;
    }
  };
  try {
    const snapshot = await next();
    assert.equal(snapshot.event, 'snapshot');
    const before = (await api(`${v1}/awaits?skill=confirm`)).body.awaits;
    assert.deepEqual(snapshot.data, { awaits: before });

    // A run of this server pauses: added at once.
    const started = await api(`${v1}/skills/confirm/runs`, {
      method: 'POST',
      json: { input: { item: 'cup' } },
    });
    assert.equal(started.body.status, 'awaiting');
    const added = await next();
    assert.equal(added.event, 'await.added');
    assert.equal(added.data.runId, started.body.runId);
    assert.equal(added.data.step, started.body.await.step);
    assert.deepEqual(added.data.schema, started.body.await.inputSchema);

    // Another skill's run is not of this stream; a run paused by another process (the CLI on the same store) is.
    await api(`${v1}/skills/greet/runs`, { method: 'POST', json: { input: { name: 'Bo' } } });
    const cli = await skein(['run', 'confirm', '--input', '{"item": "pot"}', '--json'], { env });
    const cliRun = JSON.parse(cli.stdout);
    assert.equal(cliRun.status, 'awaiting', cli.stderr);
    const fromCli = await next();
    assert.equal(fromCli.event, 'await.added');
    assert.equal(fromCli.data.runId, cliRun.runId);

    // Answered: removed.
    const answer = Object.keys(started.body.await.inputSchema.properties ?? {})[0];
    await api(`${v1}/runs/${started.body.runId}/resume`, {
      method: 'POST',
      json: { input: { [answer]: true } },
    });
    const removed = await next();
    assert.deepEqual(
      { event: removed.event, data: removed.data },
      {
        event: 'await.removed',
        data: { runId: started.body.runId },
      },
    );
  } finally {
    stop.abort();
  }
});

test('skein awaits lists the pending questions as a table and as JSON, by skill and by age', async () => {
  const listed = await skein(['awaits', '--json'], { env });
  assert.equal(listed.code, 0, listed.stderr);
  const { awaits } = JSON.parse(listed.stdout);
  assert.deepEqual(awaits, (await api(`${v1}/awaits`)).body.awaits);
  assert.ok(awaits.length > 0);

  const table = await skein(['awaits'], { env });
  assert.equal(table.code, 0, table.stderr);
  const lines = table.stdout.trim().split('\n');
  assert.equal(lines.length, awaits.length + 1);
  assert.match(
    lines[0],
    new RegExp(`^${awaits[0].runId} +\\d+[smhd] +confirm@1\\.0\\.0 +at ${awaits[0].step} +\\S`),
  );
  assert.match(lines.at(-1)!, /skein resume RUN_ID/);

  assert.deepEqual(JSON.parse((await skein(['awaits', '--skill', 'greet', '--json'], { env })).stdout), {
    awaits: [],
  });
  assert.deepEqual(JSON.parse((await skein(['awaits', '--older-than', '1h', '--json'], { env })).stdout), {
    awaits: [],
  });
  assert.equal((await skein(['awaits', '--older-than', '1h'], { env })).stdout, 'no run awaits a person\n');
  const bad = await skein(['awaits', '--older-than', 'soon'], { env });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--older-than takes a duration/);
});

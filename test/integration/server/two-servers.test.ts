import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  api,
  serverEnv,
  sseEvents,
  startServer,
  type Json,
  type ServerProcess,
  type SseEvent,
} from '../../helpers/server.js';

// Two `skein serve` processes on one SQLite home: whatever one starts, the other streams, resumes and cancels.

let a: ServerProcess;
let b: ServerProcess;
let env: Record<string, string>;

before(async () => {
  env = serverEnv();
  const started = await Promise.allSettled([startServer(env), startServer(env)]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // The one that did start would keep this file's process alive, and the run of the suite waiting.
    for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
    throw failed.reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value);
});

after(async () => {
  if (a && b) assert.deepEqual(await Promise.all([a.stop(), b.stop()]), [0, 0], a.stderr() + b.stderr());
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Reads a stream until `stop` says so; returns what was read (the connection is then dropped). */
async function readUntil(res: Response, stop: (e: SseEvent) => boolean): Promise<SseEvent[]> {
  const seen: SseEvent[] = [];
  for await (const e of sseEvents(res)) {
    seen.push(e);
    if (stop(e)) break;
  }
  return seen;
}

test('a run started on one server is followed live from the other; a reconnect with Last-Event-ID loses and repeats nothing', async () => {
  const started = fetch(`${a.url}/v1/skills/gated/runs`, json({ input: { gate: 'g1' } }));
  let runId: string | undefined;
  while (!runId) {
    runId = (await api(`${b.url}/v1/runs?skill=gated&status=running`)).body.runs[0]?.runId;
    if (!runId) await new Promise((r) => setTimeout(r, 20));
  }
  // B sees the step start while it is still waiting at its gate: read from the store as it goes.
  const first = await readUntil(
    await fetch(`${b.url}/v1/runs/${runId}/events`),
    (e) => e.event === 'tool_started',
  );
  assert.deepEqual(
    first.map((e) => e.event),
    ['run_started', 'node_started', 'node_finished', 'node_started', 'tool_started'],
  );
  writeFileSync(join(env.GATE_DIR, 'g1'), '');
  const rest = await readUntil(
    await fetch(`${b.url}/v1/runs/${runId}/events`, { headers: { 'last-event-id': first.at(-1)!.id! } }),
    () => false,
  );
  assert.equal(rest.at(-1)!.event, 'completed');
  const log = (await api(`${a.url}/v1/runs/${runId}/events`, { headers: { accept: 'application/json' } }))
    .body.events;
  assert.deepEqual(
    [...first, ...rest].map((e) => Number(e.id)),
    log.map((e: { seq: number }) => e.seq),
  );
  const result = (await (await started).json()) as Json;
  assert.deepEqual(result.output, { result: 'waiting for g1; g1 opened' });
});

test('a run paused on one server is resumed from the other: of 50 concurrent resumes exactly one succeeds', async () => {
  const paused = (await api(`${a.url}/v1/skills/confirm/runs`, { ...json({ input: { item: 'pen' } }) })).body;
  assert.equal(paused.status, 'awaiting');
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      api(
        `${(i % 2 ? a : b).url}/v1/runs/${paused.runId}/resume`,
        json({ input: { ok: true, note: `#${i}` } }),
      ),
    ),
  );
  const ok = answers.filter((r) => r.status === 200);
  const refused = answers.filter((r) => r.status === 409);
  assert.equal(ok.length, 1);
  assert.equal(refused.length, 49);
  assert.ok(refused.every((r) => r.body.error.code === 'not_awaiting'));
  const run = (await api(`${a.url}/v1/runs/${paused.runId}`)).body;
  assert.equal(run.status, 'completed');
  assert.deepEqual(run.output, ok[0].body.output);
});

test('a run driven by one server is cancelled from the other through the store', async () => {
  const res = await fetch(`${a.url}/v1/skills/gated/runs`, {
    ...json({ input: { gate: 'never' } }),
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
  });
  const events: SseEvent[] = [];
  for await (const e of sseEvents(res)) {
    events.push(e);
    if (e.event === 'tool_started') {
      const cancelled = await api(`${b.url}/v1/runs/${e.data.runId}/cancel`, { method: 'POST' });
      assert.deepEqual([cancelled.status, cancelled.body.error?.code], [200, 'cancelled']);
    }
  }
  assert.deepEqual(
    events.slice(-3).map((e) => e.event),
    ['node_failed', 'failed', 'result'],
  );
  assert.equal(events.at(-1)!.data.status, 'failed');
});

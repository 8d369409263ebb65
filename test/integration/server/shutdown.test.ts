import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteRunStore } from '../../../src/store/sqlite.js';
import { skein } from '../../helpers/cli.js';
import {
  api,
  SERVER_FIXTURE,
  serverEnv,
  sseEvents,
  startServer,
  type Json,
  type SseEvent,
} from '../../helpers/server.js';

// SIGTERM: stop accepting, end the streams, let in-flight requests and runs finish within the grace
// period, exit 0; a run still going after it is left resumable.

/** An environment whose skein.yaml gives in-flight work `graceMs` on shutdown. */
function envWithGrace(graceMs: number): Record<string, string> {
  const env = serverEnv();
  const config = join(env.SKEIN_HOME, 'skein.yaml');
  writeFileSync(
    config,
    `skills: ${join(SERVER_FIXTURE, 'skills')}\ntools:\n  modules: [${join(SERVER_FIXTURE, 'tools.ts')}]\nserver:\n  shutdownGraceMs: ${graceMs}\n`,
  );
  return { ...env, SKEIN_CONFIG: config };
}

/** Follows a run's stream until its step waits at the gate; returns the run id and the rest of the stream. */
async function untilGate(res: Response): Promise<{ runId: string; rest: Promise<SseEvent[]> }> {
  const events = sseEvents(res);
  for (let next = await events.next(); !next.done; next = await events.next())
    if (next.value.event === 'tool_started') {
      const rest = (async () => {
        const out: SseEvent[] = [];
        for (let r = await events.next(); !r.done; r = await events.next()) out.push(r.value);
        return out;
      })();
      return { runId: next.value.data.runId, rest };
    }
  throw new Error('the stream ended before the gate');
}

const post = (url: string, body: unknown, accept = 'application/json') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify(body),
  });

test('SIGTERM: no new connections, streams end, an in-flight run finishes within the grace period, exit 0', async () => {
  const env = envWithGrace(20_000);
  const server = await startServer(env);
  const streamed = await untilGate(
    await post(`${server.url}/v1/skills/gated/runs`, { input: { gate: 'sd1' } }, 'text/event-stream'),
  );
  const follower = await untilGate(await fetch(`${server.url}/v1/runs/${streamed.runId}/events`));
  const waiting = post(`${server.url}/v1/skills/gated/runs`, { input: { gate: 'sd1' } });
  // The second run is at its gate too before the signal.
  while ((await api(`${server.url}/v1/runs?skill=gated&status=running`)).body.runs.length < 2)
    await new Promise((r) => setTimeout(r, 20));
  server.child.kill('SIGTERM');
  // Followers' streams end at once; the streams of the requests that started runs too.
  assert.deepEqual(
    (await follower.rest).filter((e) => e.comment === undefined),
    [],
  );
  await streamed.rest;
  await new Promise((r) => setTimeout(r, 200));
  await assert.rejects(fetch(`${server.url}/v1/health`), /fetch failed/);
  writeFileSync(join(env.GATE_DIR, 'sd1'), '');
  const answer = (await (await waiting).json()) as Json;
  assert.deepEqual(answer.output, { result: 'waiting for sd1; sd1 opened' });
  assert.equal(await server.exited, 0, server.stderr());
  assert.match(server.stderr(), /SIGTERM: shutting down/);
  // Both runs completed in the grace period, the one whose stream was cut included.
  const store = new SqliteRunStore(join(env.SKEIN_HOME, 'runs.db'));
  const { runs } = await store.listRuns({ limit: 5, skill: 'gated' });
  await store.close();
  assert.deepEqual(
    runs.map((r) => r.status),
    ['completed', 'completed'],
  );
});

test('a run still going when the grace period ends is left running, and resumable by another process', async () => {
  const env = envWithGrace(300);
  const server = await startServer(env);
  const { runId } = await untilGate(
    await post(`${server.url}/v1/skills/gated/runs`, { input: { gate: 'sd2' } }, 'text/event-stream'),
  );
  assert.equal(await server.stop(), 0);
  assert.match(server.stderr(), /left as they are; resume them with skein resume RUN_ID/);
  writeFileSync(join(env.GATE_DIR, 'sd2'), '');
  const resumed = await skein(['resume', runId, '--json'], { env });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(JSON.parse(resumed.stdout).output, { result: 'waiting for sd2; sd2 opened' });
});

test('SIGTERM right after requests: every access line is written, in order, before the shutdown line', async () => {
  const server = await startServer(serverEnv());
  const ids = Array.from({ length: 20 }, (_, i) => `req-${i}`);
  await Promise.all(
    ids.map((id) =>
      fetch(`${server.url}/v1/skills/greet/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': id },
        body: JSON.stringify({ input: { name: id } }),
      }).then((r) => r.text()),
    ),
  );
  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 0, server.stderr());
  const lines = server.stderr().trim().split('\n');
  const logged = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Json);
  assert.deepEqual(logged.map((l) => l.requestId).sort(), [...ids].sort(), 'one access line per request');
  assert.ok(logged.every((l) => l.status === 200 && l.path === '/v1/skills/greet/runs'));
  assert.match(lines.at(-1)!, /SIGTERM: shutting down/, 'the shutdown line comes last');
});

import { createDatabase, postgresAvailable } from '../test/helpers/postgres.js';
import { serverEnv, sseEvents, startServer } from '../test/helpers/server.js';
import { startWorker } from '../test/helpers/workers.js';

/** Questions asked and answered per store, after 3 to warm up. */
const ROUNDS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Follows the inbox stream of a server and, one run at a time, pauses a `confirm` run and answers it:
 * milliseconds from sending the POST to the run's `await.added` event, and from sending the resume to
 * its `await.removed`, beside when each POST was answered.
 */
async function rounds(v1: string, wait: boolean) {
  const seen = new Map<string, number>();
  const stop = new AbortController();
  const res = await fetch(`${v1}/awaits`, { headers: { accept: 'text/event-stream' }, signal: stop.signal });
  let wake = () => {};
  void (async () => {
    try {
      for await (const e of sseEvents(res)) {
        if (e.event === 'await.added') seen.set(`+${e.data.runId}`, performance.now());
        if (e.event === 'await.removed') seen.set(`-${e.data.runId}`, performance.now());
        wake();
      }
    } catch {
      // aborted at the end
    }
  })();
  const until = async (key: string) => {
    while (!seen.has(key)) await new Promise<void>((r) => (wake = r));
    return seen.get(key)!;
  };
  const post = async (path: string, body: unknown) => {
    const t0 = performance.now();
    const r = await fetch(`${v1}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as { runId: string };
    return { t0, answered: performance.now() - t0, runId: json.runId };
  };
  const out = {
    added: [] as number[],
    posted: [] as number[],
    removed: [] as number[],
    resumed: [] as number[],
  };
  for (let i = 0; i < ROUNDS + 3; i++) {
    const started = await post('/skills/confirm/runs', { input: { item: `i${i}` }, wait });
    const added = (await until(`+${started.runId}`)) - started.t0;
    const resumed = await post(`/runs/${started.runId}/resume`, { input: { ok: true } });
    const removed = (await until(`-${started.runId}`)) - resumed.t0;
    if (i < 3) continue;
    out.added.push(added);
    out.posted.push(started.answered);
    out.removed.push(removed);
    out.resumed.push(resumed.answered);
  }
  stop.abort();
  return out;
}

function line(name: string, r: Awaited<ReturnType<typeof rounds>>): string {
  const f = (xs: number[]) => median(xs).toFixed(1);
  return `  ${name}: await.added ${f(r.added)} ms after the POST was sent (the POST answered at ${f(r.posted)} ms); await.removed ${f(r.removed)} ms after the resume was sent (answered at ${f(r.resumed)} ms) — medians of ${ROUNDS}`;
}

/**
 * The inbox stream's delay (docs/operations.md, "The inbox"): on SQLite, runs the server drives itself
 * (woken by its own events); on PostgreSQL, runs a `skein worker` drives while the server streams
 * (`--no-worker`: woken by the store's NOTIFY). Without a wake-up the stream reads every second.
 */
export async function benchInbox(): Promise<void> {
  const lines = ['\n[inbox] GET /v1/awaits as an event stream, one question asked and answered at a time'];
  const sqlite = await startServer(serverEnv());
  try {
    lines.push(line('SQLite, runs of the server', await rounds(`${sqlite.url}/v1`, true)));
  } finally {
    await sqlite.stop();
  }
  if (await postgresAvailable()) {
    const db = await createDatabase('bench_inbox');
    const env = serverEnv({ SKEIN_STORE: db.url });
    const [server, worker] = await Promise.all([startServer(env, ['--no-worker']), startWorker(env)]);
    try {
      lines.push(line('PostgreSQL, runs of a worker process', await rounds(`${server.url}/v1`, false)));
    } finally {
      await Promise.all([server.stop(), worker.stop()]);
      await db.drop();
    }
  }
  console.log(lines.join('\n'));
}

import { createServer } from 'node:http';
import { serverEnv, startServer } from '../test/helpers/server.js';
import { ROOT, startProcess } from './server/processes.js';
import { join } from 'node:path';

/** Concurrent starts per round, and rounds after one to warm up. */
const CONCURRENT = 50;
const ROUNDS = 5;
/** Runs whose webhook is timed, one at a time, after 3 to warm up. */
const HOOKS = 30;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;

/** Milliseconds from sending each of `CONCURRENT` `wait: false` starts at once to its 202. */
async function startRound(v1: string, status = 202): Promise<number[]> {
  return Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      const t0 = performance.now();
      const res = await fetch(`${v1}/skills/greet/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { name: `n${i}` }, wait: false }),
      });
      await res.arrayBuffer();
      if (res.status !== status) throw new Error(`start answered ${res.status}`);
      return performance.now() - t0;
    }),
  );
}

/** A receiver on 127.0.0.1 that notes when each run's message arrives (by the run id in its body). */
async function receiver() {
  const arrived = new Map<string, number>();
  let wake = () => {};
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const at = Date.now();
      const runId = (JSON.parse(body) as { data?: { runId?: string } }).data?.runId;
      if (runId) arrived.set(runId, at);
      res.writeHead(204).end();
      wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  const until = async (runId: string) => {
    while (!arrived.has(runId)) await new Promise<void>((r) => (wake = r));
    return arrived.get(runId)!;
  };
  return { url, until, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Operations on `skein serve` (SQLite, the built bin): the 202 of `POST /v1/skills/greet/runs` with
 * `"wait": false` under 50 concurrent starts (each start's own time to its answer), and how long after a
 * run's status change its webhook reaches a receiver on 127.0.0.1 (the run's stored `updatedAt` to the
 * receiver's clock; one run at a time, each with its own `"webhook"`).
 */
export async function benchOperations(): Promise<void> {
  const server = await startServer(serverEnv());
  const hook = await receiver();
  const v1 = `${server.url}/v1`;
  try {
    await startRound(v1);
    const starts: number[] = [];
    for (let r = 0; r < ROUNDS; r++) starts.push(...(await startRound(v1)));
    // The same 202s as the server's access log timed them, from the request's arrival to its answer.
    const inside = server
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{') && l.includes('"status":202'))
      .map((l) => (JSON.parse(l) as { ms: number }).ms);
    const floor = await startProcess(['--import', 'tsx', join(ROOT, 'bench/server/bare-server.ts')]);
    const bare: number[] = [];
    try {
      await startRound(`${floor.url}/v1`, 200);
      for (let r = 0; r < ROUNDS; r++) bare.push(...(await startRound(`${floor.url}/v1`, 200)));
    } finally {
      await floor.stop();
    }
    const delays: number[] = [];
    for (let i = 0; i < HOOKS + 3; i++) {
      const res = await fetch(`${v1}/skills/greet/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { name: `h${i}` }, webhook: hook.url }),
      });
      const { runId } = (await res.json()) as { runId: string };
      const arrived = await hook.until(runId);
      const run = (await (await fetch(`${v1}/runs/${runId}`)).json()) as { updatedAt: string };
      if (i >= 3) delays.push(arrived - Date.parse(run.updatedAt));
    }
    console.log(
      `\n[operations] skein serve, SQLite (targets: 202 p50 <= 10 ms under 50 concurrent starts; webhook p50 <= 1 s after its status change)\n` +
        `  202 of a wait:false start, ${CONCURRENT} at once × ${ROUNDS} rounds: p50 ${pct(starts, 0.5).toFixed(1)} ms, p90 ${pct(starts, 0.9).toFixed(1)} ms, max ${Math.max(...starts).toFixed(1)} ms; ` +
        `inside the server (access log) p50 ${inside.length ? pct(inside, 0.5).toFixed(1) : '?'} ms; ` +
        `a bare node:http server answering the same 50 at once: p50 ${pct(bare, 0.5).toFixed(1)} ms\n` +
        `  webhook received after the run completed (${HOOKS} runs): p50 ${pct(delays, 0.5).toFixed(0)} ms, p90 ${pct(delays, 0.9).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms`,
    );
  } finally {
    await hook.close();
    await server.stop();
  }
}

if (process.argv[1] === import.meta.filename) await benchOperations();

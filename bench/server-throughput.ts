import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { haveWrk, ROOT, startProcess, startSkein, type ServerChild } from './server/processes.js';

const BODY = JSON.stringify({ input: { name: 'Ann' } });
const SECONDS = Number(process.env.SKEIN_BENCH_SERVER_SECONDS ?? 5);
const ROUNDS = 3;

/** CPU time a process has used, in ms (Linux; undefined elsewhere). */
function cpuMs(pid: number): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `POST url` with the bench body for `seconds`, by wrk when installed, else autocannon: requests/s and how many. */
async function load(url: string, seconds: number): Promise<{ rps: number; requests: number }> {
  if (haveWrk()) {
    const script = join(tmpdir(), 'skein-bench-post.lua');
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = '${BODY}'\nwrk.headers["Content-Type"] = "application/json"\n`,
    );
    const r = spawnSync('wrk', ['-t1', '-c32', `-d${seconds}s`, '-s', script, url], { encoding: 'utf8' });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(r.stdout)?.[1]);
    const requests = Number(/(\d+) requests in/.exec(r.stdout)?.[1]);
    if (!rps || /Non-2xx|Socket errors/.test(r.stdout)) throw new Error(`wrk: ${r.stdout}${r.stderr}`);
    return { rps, requests };
  }
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    connections: 32,
    duration: seconds,
  });
  if (r.non2xx || r.errors) throw new Error(`autocannon: ${r.non2xx} not 2xx, ${r.errors} errors`);
  return { rps: r.requests.average, requests: r.requests.total };
}

/** Latency of `POST url` at a steady 200 requests per second (autocannon). */
async function latencyAt200(url: string, seconds: number) {
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
    connections: 16,
    overallRate: 200,
    duration: seconds,
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    bad: r.non2xx + r.errors,
    total: r.requests.total,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `POST /v1/skills/greet/runs` (one template step, in-memory store) against a bare node:http server
 * answering the same JSON: each in its own process, the same load tool, rounds alternating A B, the
 * median of the per-round ratios (other work on a shared machine slows a whole round, not one peer);
 * CPU time per request is shown too, as it depends less on that other work. Then the SQLite store's
 * latency at a steady 200 requests per second, beside the bare server's at the same rate (the floor
 * this machine sets).
 */
export async function benchServerThroughput(): Promise<void> {
  const tool = haveWrk() ? 'wrk -t1 -c32' : 'autocannon -c32';
  const bare = await startProcess(['--import', 'tsx', join(ROOT, 'bench/server/bare-server.ts')]);
  const skein = await startSkein('memory');
  const peers: [ServerChild, string][] = [
    [bare, bare.url],
    [skein, `${skein.url}/v1/skills/greet/runs`],
  ];
  const rps: number[][] = [[], []];
  const cpu: number[][] = [[], []];
  try {
    for (const [, url] of peers) await load(url, 2); // warm up
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, [peer, url]] of peers.entries()) {
        const before = cpuMs(peer.child.pid!);
        const r = await load(url, SECONDS);
        const after = cpuMs(peer.child.pid!);
        rps[i].push(r.rps);
        if (before !== undefined && after !== undefined) cpu[i].push(((after - before) * 1000) / r.requests);
      }
  } finally {
    await Promise.all([bare.stop(), skein.stop()]);
  }
  const ratio = median(rps[1].map((s, i) => s / rps[0][i]));
  const line = (name: string, i: number) =>
    `  ${name.padEnd(15)} ${rps[i].map((r) => r.toFixed(0).padStart(6)).join(' ')} req/s` +
    (cpu[i].length ? `   ${median(cpu[i]).toFixed(0)} µs CPU per request` : '');
  console.log(
    `\n[server throughput] POST /v1/skills/greet/runs (one template step, in-memory store), ${tool}, ${ROUNDS} rounds × ${SECONDS} s:\n` +
      `${line('bare node:http', 0)}\n${line('skein serve', 1)}\n` +
      `  skein / bare: median ${(ratio * 100).toFixed(0)}% (target >= 50%)` +
      (cpu[0].length ? `; by CPU per request ${((median(cpu[0]) / median(cpu[1])) * 100).toFixed(0)}%` : ''),
  );

  const seconds = Math.max(10, SECONDS * 3);
  const sqlite = await startSkein('sqlite', { log: true });
  const floor = await startProcess(['--import', 'tsx', join(ROOT, 'bench/server/bare-server.ts')]);
  try {
    const s = await latencyAt200(`${sqlite.url}/v1/skills/greet/runs`, seconds);
    // The time each request spent inside the server, from its access log.
    const inside = sqlite
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as { ms: number }).ms)
      .sort((a, b) => a - b);
    const at = (q: number) => inside[Math.min(inside.length - 1, Math.floor(inside.length * q))];
    const b = await latencyAt200(floor.url, seconds);
    console.log(
      `[server latency] same request at a steady 200 req/s for ${seconds} s (autocannon -c16):\n` +
        `  skein serve, SQLite store, at the client: p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms (target p99 < 20 ms); ${s.total} requests, ${s.bad} not 2xx\n` +
        `  the same requests inside the server (access log): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms\n` +
        `  bare node:http (the machine's floor): p50 ${b.p50} ms, p99 ${b.p99} ms, max ${b.max} ms`,
    );
  } finally {
    await Promise.all([sqlite.stop(), floor.stop()]);
  }
}

if (import.meta.filename === process.argv[1]) await benchServerThroughput();

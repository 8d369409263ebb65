import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, sseEvents, type SseEvent } from '../test/helpers/server.js';
import { startSkein, type ServerChild } from './server/processes.js';

const SECONDS = Number(process.env.SKEIN_BENCH_MIXED_SECONDS ?? 60);

/** What the load did and what went wrong. */
class Tally {
  readonly done = new Map<string, number>();
  requests = 0;
  runsChecked = 0;
  eventsChecked = 0;
  readonly errors: string[] = [];
  readonly lost: string[] = [];

  count(kind: string): void {
    this.done.set(kind, (this.done.get(kind) ?? 0) + 1);
  }
}

const json = (body: unknown, accept = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept },
  body: JSON.stringify(body),
});

/** The whole stream of a response (it ends by itself), and its `result`. */
async function drain(res: Response, onEvent?: (e: SseEvent) => void): Promise<SseEvent[]> {
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const all: SseEvent[] = [];
  for await (const e of sseEvents(res)) {
    if (e.comment === undefined) all.push(e);
    onEvent?.(e);
  }
  return all;
}

/** Every stored event of the run, once each, in order: what the streams showed must be exactly this. */
async function checkAgainstLog(
  tally: Tally,
  server: ServerChild,
  runId: string,
  streamed: SseEvent[],
  what: string,
) {
  const log = (
    await api(`${server.url}/v1/runs/${runId}/events`, { headers: { accept: 'application/json' } })
  ).body.events as { seq: number }[];
  tally.requests++;
  const seen = streamed.filter((e) => e.id !== undefined).map((e) => Number(e.id));
  const stored = log.map((e) => e.seq);
  if (seen.join() !== stored.join())
    tally.lost.push(`${what} ${runId}: streamed [${seen}] but stored [${stored}]`);
  tally.eventsChecked += stored.length;
  tally.runsChecked++;
}

/** Runs of the one-step skill, answered in full. */
async function runner(tally: Tally, servers: ServerChild[], until: number, i: number) {
  for (let n = 0; Date.now() < until; n++) {
    const name = `r${i}-${n}`;
    const r = await api(`${servers[n % 2].url}/v1/skills/greet/runs`, json({ input: { name } }));
    tally.requests++;
    if (r.status !== 200 || r.body.output?.greeting !== `Hello, ${name}!`)
      throw new Error(`greet answered ${r.status} ${JSON.stringify(r.body)}`);
    tally.count('runs');
  }
}

/** A run that pauses, streamed on one server, resumed and streamed on the other. */
async function pauser(tally: Tally, [a, b]: ServerChild[], until: number) {
  while (Date.now() < until) {
    const first = await drain(
      await fetch(`${a.url}/v1/skills/confirm/runs`, json({ input: { item: 'pen' } }, 'text/event-stream')),
    );
    const paused = first.at(-1)!.data;
    if (paused.status !== 'awaiting') throw new Error(`confirm did not pause: ${JSON.stringify(paused)}`);
    const second = await drain(
      await fetch(
        `${b.url}/v1/runs/${paused.runId}/resume`,
        json({ input: { ok: true } }, 'text/event-stream'),
      ),
    );
    const done = second.at(-1)!.data;
    if (done.output?.answer !== 'pen ok=true note=')
      throw new Error(`resume answered ${JSON.stringify(done)}`);
    tally.requests += 2;
    await checkAgainstLog(tally, a, paused.runId, [...first, ...second], 'pause+resume');
    tally.count('resumes');
  }
}

/** A run that waits at a gate, streamed where it runs and followed live from the other server. */
async function follower(tally: Tally, [a, b]: ServerChild[], until: number, gates: string) {
  while (Date.now() < until) {
    const gate = randomUUID();
    let runId = '';
    let following: Promise<SseEvent[]> | undefined;
    const started = await fetch(
      `${a.url}/v1/skills/gated/runs`,
      json({ input: { gate } }, 'text/event-stream'),
    );
    const own = await drain(started, (e) => {
      if (e.event !== 'tool_started' || following) return;
      runId = e.data.runId;
      following = fetch(`${b.url}/v1/runs/${runId}/events`).then((res) => drain(res));
      setTimeout(() => writeFileSync(join(gates, gate), ''), 30);
    });
    if (own.at(-1)!.data.status !== 'completed')
      throw new Error(`gated ended ${JSON.stringify(own.at(-1)!.data)}`);
    const followed = await following!;
    tally.requests += 2;
    await checkAgainstLog(tally, a, runId, own, 'stream of the run');
    await checkAgainstLog(tally, b, runId, followed, 'followed from the other server');
    tally.count('followed');
  }
}

/** Reads: lists, skills, one run. */
async function reader(tally: Tally, servers: ServerChild[], until: number) {
  for (let n = 0; Date.now() < until; n++) {
    const server = servers[n % 2];
    const list = await api(`${server.url}/v1/runs?limit=20`);
    const skills = await api(`${server.url}/v1/skills`);
    const one = list.body.runs?.[0] ? await api(`${server.url}/v1/runs/${list.body.runs[0].runId}`) : list;
    tally.requests += 3;
    if (list.status !== 200 || skills.status !== 200 || one.status !== 200)
      throw new Error(`reads answered ${list.status} ${skills.status} ${one.status}`);
    tally.count('reads');
  }
}

/**
 * A minute of mixed load on two `skein serve` processes sharing one SQLite home: one-step runs, runs
 * paused on one server and resumed on the other, runs followed live from the other server, and
 * reads. Every streamed run is compared with its stored log: no error and no lost (or repeated) event.
 */
export async function benchServerMixed(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'skein-mixed-'));
  const servers = await Promise.all([startSkein('sqlite', { home }), startSkein('sqlite', { home })]);
  const tally = new Tally();
  const until = Date.now() + SECONDS * 1000;
  const t0 = performance.now();
  const guard = (work: Promise<void>) =>
    work.catch((e: Error) => {
      tally.errors.push(e.message);
    });
  try {
    await Promise.all([
      ...[0, 1, 2].map((i) => guard(runner(tally, servers, until, i))),
      ...[0, 1, 2].map(() => guard(pauser(tally, servers, until))),
      ...[0, 1].map(() => guard(follower(tally, servers, until, home))),
      ...[0, 1].map(() => guard(reader(tally, servers, until))),
    ]);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\n[server mixed load] ${seconds.toFixed(0)} s on two servers sharing one SQLite home: ` +
      `${tally.requests} requests (${(tally.requests / seconds).toFixed(0)}/s): ` +
      [...tally.done].map(([k, v]) => `${v} ${k}`).join(', ') +
      `;\n  ${tally.runsChecked} streamed runs checked against their stored logs (${tally.eventsChecked} events): ` +
      `${tally.lost.length} lost or repeated events, ${tally.errors.length} errors (target: none)`,
  );
  for (const line of [...tally.errors, ...tally.lost].slice(0, 5)) console.log(`  ${line}`);
}

if (import.meta.filename === process.argv[1]) await benchServerMixed();

// npm run fuzz -- [--runs N] [--minutes M] [--seed S] [--dialect NAME]… [--hang SECONDS]
// Loads mutated corpus and example files, N per dialect (default 100,000; at most M minutes per dialect
// when --minutes is given, and the cases that fit are counted), each in a worker thread that
// a watchdog ends when one input runs past --hang seconds (default 30). A thrown error, an internal
// error, a diagnostic without a position or an input that takes over 1 s is shrunk and saved once per
// kind to test/fixtures/fuzz-repro/, which the suite loads as regression tests. Prints per dialect:
// cases, findings, inputs over 1 s, the slowest input and the 99th percentile of load times.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { basename } from 'node:path';
import fc from 'fast-check';
import { Bench } from '../test/helpers/fuzz/check-input.js';
import { inputOf } from '../test/helpers/fuzz/cases.js';
import { caseOf } from '../test/helpers/fuzz/mutations.js';
import { reduce } from '../test/helpers/fuzz/reduce.js';
import { saveReproducer } from '../test/helpers/fuzz/reproducers.js';
import { seedsByDialect, type Seed } from '../test/helpers/fuzz/seeds.js';
import type { DialectName } from '../src/ir/skill.js';

/** Inputs slower than this are findings. */
const SLOW_MS = 1000;
/** Room for the input being loaded, so the watchdog can save the one that hangs. */
const CURRENT_BYTES = 2 * 1024 * 1024;

interface Job {
  dialect: DialectName;
  runs: number;
  seed: number;
  /** When to stop (ms since the epoch), whatever the runs left. */
  deadline: number;
  shared: SharedArrayBuffer;
}

/** Sent by a worker. */
type Message =
  | { type: 'finding'; index: number; target: string; bytes: Uint8Array; problem: string }
  | { type: 'done'; times: number[] };

if (isMainThread) await main();
else await work(workerData as Job);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '100000' },
      minutes: { type: 'string' },
      seed: { type: 'string', default: '1' },
      dialect: { type: 'string', multiple: true },
      hang: { type: 'string', default: '30' },
    },
  });
  const all = await seedsByDialect();
  const chosen = values.dialect?.length ? values.dialect : [...all.keys()];
  const rows: string[] = [];
  for (const dialect of chosen as DialectName[]) {
    const seeds = all.get(dialect);
    if (!seeds) {
      console.error(`no seeds for ${dialect}`);
      continue;
    }
    rows.push(
      await fuzzDialect(dialect, Number(values.runs), Number(values.minutes ?? Infinity), {
        seed: Number(values.seed),
        hangSeconds: Number(values.hang),
        seeds,
      }),
    );
  }
  console.log('\ndialect     cases  findings  saved  hangs  over-1s  p50-ms  p99-ms  max-ms  minutes');
  for (const r of rows) console.log(r);
}

async function fuzzDialect(
  dialect: DialectName,
  runs: number,
  minutes: number,
  options: { seed: number; hangSeconds: number; seeds: Seed[] },
): Promise<string> {
  const { hangSeconds, seeds } = options;
  let seed = options.seed;
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  const times: number[] = [];
  let findings = 0;
  let saved = 0;
  let hangs = 0;
  let left = runs;
  while (left > 0 && Date.now() < deadline) {
    const shared = new SharedArrayBuffer(32 + CURRENT_BYTES);
    const state = new Int32Array(shared, 0, 8);
    const worker = new Worker(new URL('./fuzz-worker.mjs', import.meta.url), {
      workerData: { dialect, runs: left, seed, deadline, shared },
    });
    const pending: Promise<unknown>[] = [];
    const ended = await new Promise<'done' | 'hang' | Error>((resolve) => {
      let ticks = 0;
      const watch = setInterval(() => {
        if (++ticks % 60 === 0)
          console.log(
            `${dialect}: ${runs - left + Atomics.load(state, 0)} cases, ${findings} findings, ${Atomics.load(state, 5)} over 1 s, slowest ${Atomics.load(state, 6)} ms`,
          );
        const since = Math.floor(Date.now() / 1000) - Atomics.load(state, 1);
        if (Atomics.load(state, 0) > 0 && since > hangSeconds) {
          clearInterval(watch);
          void worker.terminate();
          resolve('hang');
        }
      }, 1000);
      worker.on('message', (m: Message) => {
        if (m.type === 'done') {
          times.push(...m.times);
          clearInterval(watch);
          resolve('done');
        } else {
          findings++;
          console.log(`${dialect}: ${m.problem.slice(0, 200)} (${seeds[m.index].origin} ${m.target})`);
          pending.push(
            saveReproducer(seeds[m.index], m.target, Buffer.from(m.bytes), m.problem).then((dir) => {
              if (dir) saved++;
            }),
          );
        }
      });
      worker.on('error', (e) => {
        clearInterval(watch);
        resolve(e);
      });
    });
    await Promise.all(pending);
    if (ended === 'done') break;
    const done = Atomics.load(state, 0);
    left -= Math.max(1, done);
    seed++;
    if (ended === 'hang') {
      hangs++;
      findings++;
      const index = Atomics.load(state, 3);
      const bytes = Buffer.from(new Uint8Array(shared, 32, Atomics.load(state, 2)));
      const target = seeds[index].targets[Atomics.load(state, 4) % seeds[index].targets.length];
      console.log(`${dialect}: hang over ${hangSeconds} s (${seeds[index].origin} ${target})`);
      // Named after the seed, so each seed's hang is kept (one kind per problem would keep only the first).
      const problem = `slow: over ${hangSeconds} s from ${basename(seeds[index].origin)}`;
      if (await saveReproducer(seeds[index], target, bytes, problem)) saved++;
    } else {
      console.log(`${dialect}: worker failed: ${ended.message}`);
      break;
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times.length ? times[Math.min(times.length - 1, Math.floor(times.length * p))] : 0;
  const over = times.filter((t) => t > SLOW_MS).length;
  return [
    dialect.padEnd(10),
    String(times.length).padStart(7),
    String(findings).padStart(9),
    String(saved).padStart(6),
    String(hangs).padStart(6),
    String(over).padStart(8),
    pct(0.5).toFixed(1).padStart(7),
    pct(0.99).toFixed(1).padStart(7),
    (times.at(-1) ?? 0).toFixed(0).padStart(7),
    ((Date.now() - started) / 60_000).toFixed(1).padStart(8),
  ].join(' ');
}

/** In the worker: runs the cases, reports findings (shrunk), and the load time of every case. */
async function work(job: Job): Promise<void> {
  const seeds = (await seedsByDialect()).get(job.dialect)!;
  const bench = new Bench(seeds);
  const state = new Int32Array(job.shared, 0, 8);
  const current = new Uint8Array(job.shared, 32);
  const times: number[] = [];
  const post = (m: Message) => parentPort!.postMessage(m);
  await fc.assert(
    fc.asyncProperty(caseOf(seeds.length), async (c) => {
      const input = inputOf(seeds, c);
      current.set(input.bytes.subarray(0, current.length));
      Atomics.store(state, 2, Math.min(input.bytes.length, current.length));
      Atomics.store(state, 3, input.index);
      Atomics.store(state, 4, c.target);
      Atomics.store(state, 1, Math.floor(Date.now() / 1000));
      Atomics.add(state, 0, 1);
      let outcome = await bench.check(input.index, input.target, input.bytes);
      if (!outcome.problem && outcome.ms > SLOW_MS) {
        // Measured again: a busy machine can stall one load.
        const again = await bench.check(input.index, input.target, input.bytes);
        // Named after the seed, so that each seed's slow input is kept, not only the first of all.
        const from = basename(seeds[input.index].origin);
        if (again.ms > SLOW_MS)
          outcome = { ...again, problem: `slow: ${again.ms.toFixed(0)} ms from ${from}` };
      }
      times.push(outcome.ms);
      if (outcome.ms > SLOW_MS) Atomics.add(state, 5, 1);
      if (outcome.ms > Atomics.load(state, 6)) Atomics.store(state, 6, Math.round(outcome.ms));
      if (!outcome.problem) return true;
      const problem = outcome.problem;
      const same = async (b: Buffer) => {
        // Each load of the shrinking restarts the watchdog's clock: a slow input shrunk is not a hang.
        Atomics.store(state, 1, Math.floor(Date.now() / 1000));
        const o = await bench.check(input.index, input.target, b);
        return problem.startsWith('slow')
          ? o.ms > SLOW_MS
          : o.problem?.split(':')[0] === problem.split(':')[0];
      };
      const bytes = await reduce(input.bytes, same, problem.startsWith('slow') ? 30 : 400);
      post({ type: 'finding', index: input.index, target: input.target, bytes, problem });
      return true;
    }),
    {
      numRuns: job.runs,
      seed: job.seed,
      ...(Number.isFinite(job.deadline)
        ? { interruptAfterTimeLimit: Math.max(1, job.deadline - Date.now()), markInterruptAsFailure: false }
        : {}),
    },
  );
  bench.close();
  post({ type: 'done', times });
}

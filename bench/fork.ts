import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileAegis } from '../src/dialects/aegis/compile.js';
import type { Skill } from '../src/ir/skill.js';
import { rememberFiles } from '../src/ir/skill-files.js';
import { Runtime, type RunStore } from '../src/runtime/index.js';
import { MemoryRunStore } from '../src/store/in-memory.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

/** Forks measured per store (after warm-up), and runs of the 1,000-step chain per side. */
const FORKS = 200;
const CHAIN_RUNS = 61;

/** A chain of `n` template steps as an Aegis skill: step i renders step i-1's text. */
function chainText(n: number): string {
  const parts = [
    '# skill: chain\n\n**version**: 1.0.0\n\n## description\nA chain for the benchmark.\n',
    '## input_schema\n\n```yaml\nlabel: string\n```\n',
    `## output_schema\n\n\`\`\`yaml\ns${n - 1}: string\n\`\`\`\n`,
    '## steps\n',
  ];
  for (let i = 0; i < n; i++)
    parts.push(
      `### step: s${i}\n\n**type**: template\n**varName**: s${i}\n\n\`\`\`template\n{{${i === 0 ? 'label' : `s${i - 1}`}}} ${i}\n\`\`\`\n`,
    );
  return parts.join('\n');
}

/** The chain compiled; `pinned`: its files remembered as the loader does (each run stores its digest, the store the files once). */
function chain(n: number, pinned: boolean): Skill {
  const text = chainText(n);
  const skill = compileAegis('chain.md', text).skills[0] as Skill;
  if (pinned) rememberFiles(skill, { 'chain.md': text });
  return skill;
}

function runtimeFor(store: RunStore, skill: Skill): Runtime {
  return new Runtime({ store, skills: { find: async () => skill, load: async () => skill } });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/** Wall ms of each fork at step 50 of a completed 100-step run (the fork copies 50 records and runs 50 steps). */
async function forkTimes(store: RunStore): Promise<number[]> {
  const skill = chain(100, true);
  const runtime = runtimeFor(store, skill);
  const parent = await runtime.start(skill, { label: 'x' });
  if (parent.status !== 'completed') throw new Error(`the chain did not complete: ${JSON.stringify(parent)}`);
  const times: number[] = [];
  for (let i = 0; i < FORKS + 20; i++) {
    const t0 = performance.now();
    const fork = await runtime.fork(parent.runId, { from: 's50', set: { s49: `y${i}` } });
    const ms = performance.now() - t0;
    if (
      fork.status !== 'completed' ||
      !String((fork.output as Record<string, unknown>).s99).startsWith(`y${i}`)
    )
      throw new Error(`the fork did not complete from s50: ${JSON.stringify(fork).slice(0, 300)}`);
    if (i >= 20) times.push(ms);
  }
  return times;
}

/**
 * CPU ms per run of the 1,000-step chain on SQLite (or in memory, without `dir`), pinned and not, runs interleaved: the medians of
 * each side, and the median and quartiles of the pairwise differences (pinned minus not).
 */
async function pinningCost(dir?: string): Promise<{ pinned: number; plain: number; diff: number[] }> {
  const sides = [true, false].map((pinned) => {
    const skill = chain(1_000, pinned);
    const store = dir ? new SqliteRunStore(join(dir, `chain-${pinned}.db`)) : new MemoryRunStore();
    return { skill, store, runtime: runtimeFor(store, skill), ms: [] as number[] };
  });
  for (let i = 0; i < CHAIN_RUNS + 2; i++)
    for (const side of i % 2 ? sides : [...sides].reverse()) {
      const t0 = process.cpuUsage();
      const r = await side.runtime.start(side.skill, { label: 'x' });
      const cpu = process.cpuUsage(t0);
      if (r.status !== 'completed') throw new Error('the 1,000-step chain did not complete');
      if (i >= 2) side.ms.push((cpu.user + cpu.system) / 1_000);
    }
  for (const side of sides) await side.store.close();
  const diff = sides[0].ms.map((ms, i) => ms - sides[1].ms[i]).sort((a, b) => a - b);
  return { pinned: median(sides[0].ms), plain: median(sides[1].ms), diff };
}

/**
 * Fork and pinning (issue 28 targets): the wall time of a fork of a completed 100-step run at step 50
 * — it reads the parent, copies its 50 records before the step with a value set, stores the fork and
 * runs the other 50 steps — in memory and on SQLite (target ≤ 20 ms); and what pinning adds per step:
 * the 1,000-step chain in memory and on SQLite with the skill's files remembered (a digest per run, the
 * files stored once) against the same chain without (target ≤ 1 µs per step). Pinning does its work
 * once per run, none per step, so the difference is the noise around zero: its quartiles are printed.
 */
export async function benchFork(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-fork-bench-'));
  try {
    const lines = [
      '\n[fork] fork of a 100-step run at step 50 (target <= 20 ms); pinning per step (target <= 1 µs)',
    ];
    const memory = await forkTimes(new MemoryRunStore());
    const sqliteStore = new SqliteRunStore(join(dir, 'forks.db'));
    const sqlite = await forkTimes(sqliteStore);
    await sqliteStore.close();
    lines.push(
      `  fork at step 50, wall: memory median ${median(memory).toFixed(2)} ms (p95 ${p95(memory).toFixed(2)}), SQLite median ${median(sqlite).toFixed(2)} ms (p95 ${p95(sqlite).toFixed(2)}), ${FORKS} forks each`,
    );
    for (const [where, at] of [
      ['in memory', undefined],
      ['on SQLite', dir],
    ] as const) {
      const { pinned, plain, diff } = await pinningCost(at);
      // ms per run of 1,000 steps is µs per step.
      const q = (f: number) => diff[Math.floor((diff.length - 1) * f)].toFixed(2);
      lines.push(
        `  1,000-step chain ${where}, CPU per run: pinned ${pinned.toFixed(2)} ms, not pinned ${plain.toFixed(2)} ms (medians of ${CHAIN_RUNS} runs each, interleaved); ` +
          `pinning adds ${median(diff).toFixed(2)} µs per step (median of the pairwise differences; quartiles ${q(0.25)} to ${q(0.75)})`,
      );
    }
    console.log(lines.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFork();

// Two runs side by side, step by step (`skein diff`, `GET /v1/runs/{a}/diff/{b}`, `Skein.diff`;
// docs/runtime.md, "Fork and replay").
import { isDeepStrictEqual } from 'node:util';
import { runNotFound, type RunRecord, type RunStore } from '../runtime/index.js';
import { findRun } from './find-run.js';

/** A step of one run: how it ended, what it was given and what it wrote into the run's state. */
export interface StepState {
  status: 'done' | 'skipped' | 'awaiting' | 'failed' | 'started';
  /** A tool's input, a person's answer, a model's prompt (when content is recorded); a fork's copied step: its parent's. */
  input?: unknown;
  /** What the step wrote, by dotted path in the run's state. */
  output?: Record<string, unknown>;
}

/** One step of either run: its state in each (absent: the run has none) and which of the three differ. */
export interface StepDiff {
  step: string;
  a?: StepState;
  b?: StepState;
  changed: ('status' | 'input' | 'output')[];
}

/** A run as the diff shows it. */
export interface DiffSide {
  runId: string;
  skill: string;
  version: string;
  status: RunRecord['status'];
  input: unknown;
  output?: unknown;
  forkedFrom?: RunRecord['forkedFrom'];
}

/** Two runs compared: each, whether input, output and status differ, and every step in order. */
export interface RunDiff {
  a: DiffSide;
  b: DiffSide;
  changed: ('input' | 'output' | 'status')[];
  steps: StepDiff[];
}

/** How many forks up a copied step's input is looked for. */
const MAX_ANCESTRY = 32;

/** Compares two runs (by id or unique prefix) step by step. */
export async function diffRuns(store: RunStore, a: string, b: string): Promise<RunDiff> {
  const runA = await findRun(store, a);
  if (!runA) throw runNotFound(a);
  const runB = await findRun(store, b);
  if (!runB) throw runNotFound(b);
  const [stepsA, stepsB] = await Promise.all([stepsOf(store, runA), stepsOf(store, runB)]);
  const names = [...new Set([...stepsA.keys(), ...stepsB.keys()])];
  const steps = names.map((step): StepDiff => {
    const sa = stepsA.get(step);
    const sb = stepsB.get(step);
    const changed = (['status', 'input', 'output'] as const).filter(
      (k) => !isDeepStrictEqual(sa?.[k], sb?.[k]),
    );
    return { step, ...(sa ? { a: sa } : {}), ...(sb ? { b: sb } : {}), changed: [...changed] };
  });
  const changed = (['input', 'output', 'status'] as const).filter(
    (k) => !isDeepStrictEqual(runA[k], runB[k]),
  );
  return { a: side(runA), b: side(runB), changed: [...changed], steps };
}

function side(run: RunRecord): DiffSide {
  return {
    runId: run.id,
    skill: run.skill.id,
    version: run.skill.version,
    status: run.status,
    input: run.input,
    ...(run.output !== undefined ? { output: run.output } : {}),
    ...(run.forkedFrom ? { forkedFrom: run.forkedFrom } : {}),
  };
}

/** Each step of a run (those it recorded in order, then those that failed or were cut short), with its state. */
async function stepsOf(store: RunStore, run: RunRecord, depth = 0): Promise<Map<string, StepState>> {
  const started = new Set<string>();
  const failed = new Set<string>();
  const inputs = new Map<string, unknown>();
  for (const e of await store.events(run.id)) {
    if (e.type === 'node_started') started.add(e.node);
    else if (e.type === 'node_failed' && !e.willRetry) failed.add(e.node);
    else if (e.type === 'tool_started' || e.type === 'resumed') inputs.set(e.node, e.input);
    else if (e.type === 'llm_usage' && e.prompt !== undefined) inputs.set(e.node, e.prompt);
  }
  const steps = new Map<string, StepState>();
  let copied = false;
  for (const r of await store.nodes(run.id)) {
    copied ||= !started.has(r.node);
    const output = Object.fromEntries(r.writes.map((w) => [w.path.join('.'), w.value]));
    steps.set(r.node, { status: r.status, ...(r.status === 'done' ? { output } : {}) });
  }
  for (const node of started)
    if (!steps.has(node)) steps.set(node, { status: failed.has(node) ? 'failed' : 'started' });
  // A fork's copied steps ran in its parent: their input is the parent's.
  const parent = copied && run.forkedFrom && depth < MAX_ANCESTRY && (await store.getRun(run.forkedFrom.run));
  const inherited = parent ? await stepsOf(store, parent, depth + 1) : undefined;
  for (const [node, state] of steps) {
    const input = started.has(node) ? inputs.get(node) : inherited?.get(node)?.input;
    if (input !== undefined) state.input = input;
  }
  return steps;
}

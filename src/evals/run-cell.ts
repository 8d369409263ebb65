import type { Skill } from '../ir/skill.js';
import { RunRefused, type RunEvent, type RunResult, type Runtime } from '../runtime/index.js';
import { usageOfRun, type PriceTable } from '../trace/index.js';
import { checkAssertions, type CellRun } from './check-assertions.js';
import { planCell } from './cell-skill.js';
import type { ExperimentColumn, CellRecord } from './experiment.js';
import type { BoundEval } from './find-evals.js';
import type { Judge } from './judge.js';
import type { ScriptChecker } from './script-check.js';

/** Largest output a cell keeps (its JSON, in characters); a longer one is kept as cut text. */
const MAX_OUTPUT_CHARS = 4000;

/** What a cell runs with: the column's runtime, the judge, the prices. */
export interface CellContext {
  runtime: Runtime;
  /** Runs `javascript` checks. */
  script?: ScriptChecker;
  /** The skill the column runs for a case's skill (another version of it, say), or why there is none. */
  skillFor(skill: Skill, column: ExperimentColumn): Skill | string;
  judge?: Judge;
  prices: PriceTable;
}

/**
 * Runs one trial of a case in a column as a real run of the run store (its events, tokens and trace),
 * answering its pauses with the case's `answers`, then checks the assertions. A cell passes when every
 * assertion does and, unless one checks the status, the run completed.
 */
export async function runCell(
  bound: BoundEval,
  column: ExperimentColumn,
  trial: number,
  experimentId: string,
  ctx: CellContext,
): Promise<CellRecord> {
  const c = bound.case;
  const base = { experimentId, case: caseKey(bound), column: column.key, trial };
  const skill = ctx.skillFor(bound.skill, column);
  const plan =
    typeof skill === 'string'
      ? { problem: skill }
      : await planCell(skill, c, column.variant.kind === 'without-skill');
  if ('problem' in plan)
    return {
      ...base,
      status: 'refused',
      passed: false,
      assertions: [],
      error: plan.problem,
      ms: 0,
      inputTokens: 0,
      outputTokens: 0,
    };
  const events: RunEvent[] = [];
  const onEvent = (e: RunEvent) => void (e.type !== 'llm_delta' && events.push(e));
  const signal = AbortSignal.timeout(c.timeoutMs);
  const t0 = performance.now();
  let result: RunResult | undefined;
  let error: string | undefined;
  try {
    result = await ctx.runtime.start(plan.skill, plan.input, { onEvent, signal, deltas: false });
    for (const answer of c.answers) {
      if (result.status !== 'awaiting') break;
      result = await ctx.runtime.resume(result.runId, answer, { onEvent, signal, deltas: false });
    }
  } catch (e) {
    if (!(e instanceof RunRefused)) throw e;
    error = e.message;
  }
  const ms = Math.round(performance.now() - t0);
  const usage = usageOfRun(events, ctx.prices);
  const run: CellRun = {
    status: result?.status ?? 'refused',
    output: result?.output,
    error: error ?? result?.error?.message,
    events,
    ms,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    ...(usage.costUsd !== undefined ? { costUsd: usage.costUsd } : {}),
  };
  const assertions = await checkAssertions(c.assert, run, {
    judge: ctx.judge,
    script: ctx.script,
    request: c.prompt,
    expectedOutput: c.expectedOutput,
    loaded:
      typeof skill !== 'string' && skill.doc && column.variant.kind !== 'without-skill' ? [skill.id] : [],
    signal,
  });
  const checksStatus = c.assert.some((a) => a.type === 'status');
  return {
    ...base,
    ...(result ? { runId: result.runId } : {}),
    status: run.status,
    passed: assertions.every((a) => a.pass) && (checksStatus || run.status === 'completed'),
    assertions,
    ...(run.error ? { error: run.error } : {}),
    ...(run.output !== undefined ? { output: keep(run.output) } : {}),
    ms,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    ...(run.costUsd !== undefined ? { costUsd: run.costUsd } : {}),
  };
}

/** A case's key in an experiment: `skill › name`. */
export function caseKey(bound: BoundEval): string {
  return `${bound.skill.id} › ${bound.case.name}`;
}

/** The output as stored: as it is when small, else its JSON cut short. */
function keep(output: unknown): unknown {
  const text = JSON.stringify(output);
  if (text === undefined || text.length <= MAX_OUTPUT_CHARS) return output;
  return `${text.slice(0, MAX_OUTPUT_CHARS)}…`;
}

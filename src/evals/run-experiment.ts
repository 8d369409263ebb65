import { randomUUID } from 'node:crypto';
import type { SkeinConfig } from '../config/config.js';
import { createLlmService, openHost, type Host } from '../host/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import { isoNow, Runtime } from '../runtime/index.js';
import { errorsIn, loadPaths } from '../skills/index.js';
import { openExperimentStore } from './stores/open.js';
import type { Skill } from '../ir/skill.js';
import type {
  CellRecord,
  ColumnVariant,
  ExperimentColumn,
  ExperimentRecord,
  ExperimentStore,
} from './experiment.js';
import { findEvals, type BoundEval } from './find-evals.js';
import { modelJudge } from './judge.js';
import { scriptChecker } from './script-check.js';
import { caseKey, runCell, type CellContext } from './run-cell.js';
import { columnSkill, matrixColumns } from './columns.js';
import { skillsAtRef } from './skills-at-ref.js';
import { summarize, type CaseColumnResult } from './summary.js';
import { runTriggerEvals, type TriggerReport, type TriggerRouter } from './trigger-evals.js';

/** Cells stored in one transaction at most; the rest wait for the next batch or the end. */
const CELL_BATCH = 64;

export interface ExperimentOptions {
  /** Files and folders of skills (and their cases). */
  paths: readonly string[];
  config: SkeinConfig;
  /** One column per model (`provider:model`); none: one column with the configured (or skill's) model. */
  models: readonly string[];
  /** Runs of each case in each column. */
  trials: number;
  /** Cells running at once. */
  concurrency: number;
  /**
   * What each model's columns run: the skill (the default), without it, other versions, the skill at a
   * git ref. With several, the first is each model's baseline.
   */
  variants?: readonly ColumnVariant[];
  /** The model that grades `llm-rubric` (default the configured model). */
  judge?: string;
  /** Told after each cell: how many are done of how many. */
  onProgress?: (done: number, total: number, cell: CellRecord) => void;
}

/** An experiment that ran: its record, its cells, and each case's result per column. */
export interface ExperimentResult {
  experiment: ExperimentRecord;
  cells: CellRecord[];
  results: CaseColumnResult[];
  /** The trigger cases (`should_trigger`) through the router: lexical, then each model's stage. */
  triggers: TriggerReport[];
  /** Problems loading skills or reading cases; the cases with problems did not run. */
  diagnostics: Diagnostic[];
}

/**
 * Runs the eval cases of the skills under `paths` over the matrix of columns × trials, `concurrency`
 * cells at a time, each a run in the configured run store, and stores the experiment beside the runs.
 */
export async function runExperiment(o: ExperimentOptions): Promise<ExperimentResult> {
  const { units } = await loadPaths(o.paths);
  const diagnostics = errorsIn(units.flatMap((u) => u.diagnostics));
  const found = await findEvals(
    units.flatMap((u) => u.skills),
    o.paths,
  );
  diagnostics.push(...found.diagnostics);
  const loaded = units.flatMap((u) => u.skills);
  const columns = matrixColumns(o.models, o.variants ?? []);
  const atRef = new Map<string, Skill[]>();
  for (const v of o.variants ?? []) if (v.kind === 'ref') atRef.set(v.ref, await skillsAtRef(o.paths, v.ref));
  const evals = uniqueCases(found.evals.filter((b) => b.case.shouldTrigger === undefined));
  const triggerCases = uniqueCases(found.evals.filter((b) => b.case.shouldTrigger !== undefined));
  const triggers = triggerCases.length
    ? await runTriggerEvals(triggerCases, loaded, triggerRouters(o), {
        trials: o.trials,
        concurrency: o.concurrency,
      })
    : [];
  const experiment: ExperimentRecord = {
    id: randomUUID(),
    status: 'running',
    paths: [...o.paths],
    trials: o.trials,
    columns,
    cases: evals.map((bound) => ({
      key: caseKey(bound),
      skill: bound.skill.id,
      name: bound.case.name,
      file: bound.case.file,
      line: bound.case.line,
      passRate: bound.case.passRate,
    })),
    createdAt: isoNow(),
  };
  if (!evals.length) return { experiment, cells: [], results: [], triggers, diagnostics };
  const store = await openExperimentStore(o.config);
  let host: Host | undefined;
  try {
    host = await openHost(o.config);
    await store.create(experiment);
    const skillFor = (skill: Skill, column: ExperimentColumn) =>
      columnSkill(skill, column.variant, loaded, atRef);
    const cells = await runCells(evals, columns, experiment, contexts(host, o, columns, skillFor), store, o);
    const finished = { ...experiment, status: 'completed' as const, finishedAt: isoNow() };
    await store.finish(experiment.id, finished.status, finished.finishedAt);
    return { experiment: finished, cells, results: summarize(finished, cells), triggers, diagnostics };
  } catch (e) {
    if (host) await store.finish(experiment.id, 'failed', isoNow()).catch(() => undefined);
    throw e;
  } finally {
    await host?.close();
    await store.close();
  }
}

/** Each column's runtime (the host's services with the column's model, one per model), the judge and the skill it runs. */
function contexts(
  host: Host,
  o: ExperimentOptions,
  columns: readonly ExperimentColumn[],
  skillFor: CellContext['skillFor'],
): Map<string, CellContext> {
  const services = host.runtime.services;
  const judge = modelJudge(createLlmService(o.config, o.judge));
  const script = scriptChecker(services.code?.javascript, o.config.home);
  const runtimes = new Map<string, Runtime>([['default', host.runtime]]);
  const runtimeOf = (model: string) => {
    let runtime = runtimes.get(model);
    if (!runtime)
      runtimes.set(model, (runtime = new Runtime({ ...services, llm: createLlmService(o.config, model) })));
    return runtime;
  };
  return new Map(
    columns.map((column) => [
      column.key,
      { runtime: runtimeOf(column.model), judge, script, prices: o.config.trace.prices, skillFor },
    ]),
  );
}

/** The lexical stage, then the model stage of each model asked for (or of the configured model). */
function triggerRouters(o: ExperimentOptions): TriggerRouter[] {
  const models = o.models.length ? o.models : o.config.model ? ['default'] : [];
  return [
    { name: 'lexical' },
    ...models.map((model) => ({
      name: model,
      llm: createLlmService(o.config, model === 'default' ? undefined : model),
    })),
  ];
}

/** The cases with their first skill when several versions of a skill share a case (its key). */
function uniqueCases(evals: readonly BoundEval[]): BoundEval[] {
  const seen = new Set<string>();
  return evals.filter((b) => !seen.has(caseKey(b)) && Boolean(seen.add(caseKey(b))));
}

/** Runs every cell (case × column × trial), `concurrency` at a time, storing them in batches as they finish. */
async function runCells(
  evals: readonly BoundEval[],
  columns: readonly ExperimentColumn[],
  experiment: ExperimentRecord,
  ctx: Map<string, CellContext>,
  store: ExperimentStore,
  o: ExperimentOptions,
): Promise<CellRecord[]> {
  const plan = evals.flatMap((bound) =>
    columns.flatMap((column) => Array.from({ length: o.trials }, (_, trial) => ({ bound, column, trial }))),
  );
  const cells: CellRecord[] = [];
  let pending: CellRecord[] = [];
  let next = 0;
  const flush = async () => {
    const batch = pending;
    pending = [];
    await store.addCells(batch);
  };
  const worker = async () => {
    while (next < plan.length) {
      const { bound, column, trial } = plan[next++];
      const cell = await runCell(bound, column, trial, experiment.id, ctx.get(column.key)!);
      cells.push(cell);
      pending.push(cell);
      if (pending.length >= CELL_BATCH) await flush();
      o.onProgress?.(cells.length, plan.length, cell);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, plan.length)) }, worker));
  await flush();
  return cells;
}

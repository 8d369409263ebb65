import { randomUUID } from 'node:crypto';
import type { SkeinConfig } from '../config/config.js';
import { createLlmService, openHost, type Host } from '../host/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import { isoNow, Runtime } from '../runtime/index.js';
import { errorsIn, loadPaths } from '../skills/index.js';
import { openExperimentStore } from '../store/experiments/open.js';
import type { CellRecord, ExperimentColumn, ExperimentRecord, ExperimentStore } from './experiment.js';
import { findEvals, type BoundEval } from './find-evals.js';
import { modelJudge } from './judge.js';
import { runCell, type CellContext } from './run-cell.js';
import { summarize, type CaseColumnResult } from './summary.js';

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
  const columns: ExperimentColumn[] = (o.models.length ? o.models : ['default']).map((model, i) => ({
    key: model,
    model,
    variant: { kind: 'skill' },
    ...(i === 0 ? { baseline: true } : {}),
  }));
  const experiment: ExperimentRecord = {
    id: randomUUID(),
    status: 'running',
    paths: [...o.paths],
    trials: o.trials,
    columns,
    cases: found.evals.map(({ case: c, skill }) => ({
      key: `${skill.id} › ${c.name}`,
      skill: skill.id,
      name: c.name,
      file: c.file,
      line: c.line,
      passRate: c.passRate,
    })),
    createdAt: isoNow(),
  };
  if (!found.evals.length) return { experiment, cells: [], results: [], diagnostics };
  const store = await openExperimentStore(o.config);
  let host: Host | undefined;
  try {
    host = await openHost(o.config);
    await store.create(experiment);
    const cells = await runCells(found.evals, columns, experiment, contexts(host, o, columns), store, o);
    const finished = { ...experiment, status: 'completed' as const, finishedAt: isoNow() };
    await store.finish(experiment.id, finished.status, finished.finishedAt);
    return { experiment: finished, cells, results: summarize(finished, cells), diagnostics };
  } catch (e) {
    if (host) await store.finish(experiment.id, 'failed', isoNow()).catch(() => undefined);
    throw e;
  } finally {
    await host?.close();
    await store.close();
  }
}

/** Each column's runtime (the host's services with the column's model) and the judge. */
function contexts(
  host: Host,
  o: ExperimentOptions,
  columns: readonly ExperimentColumn[],
): Map<string, CellContext> {
  const services = host.runtime.services;
  const judge = modelJudge(createLlmService(o.config, o.judge));
  return new Map(
    columns.map((column) => [
      column.key,
      {
        runtime:
          column.model === 'default'
            ? host.runtime
            : new Runtime({ ...services, llm: createLlmService(o.config, column.model) }),
        judge,
        prices: o.config.trace.prices,
      },
    ]),
  );
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

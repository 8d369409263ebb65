import type { CellRecord, ExperimentRecord } from './experiment.js';

/** How a case did in a column over its trials. */
export interface CaseColumnResult {
  case: string;
  column: string;
  trials: number;
  passes: number;
  /** passes / trials. */
  passRate: number;
  /** The pass rate reached the case's `pass_rate`. */
  passed: boolean;
  /** Mean wall time of a trial, ms. */
  ms: number;
  /** Mean tokens (input and output) of a trial. */
  tokens: number;
  /** Total cost of the trials, US dollars, where the price table knows the model. */
  costUsd?: number;
  /** The runs of the trials, in trial order. */
  runIds: string[];
  /** Why the last failing trial failed. */
  failures: string[];
}

/** An experiment's cells folded into one result per case and column, in case then column order. */
export function summarize(experiment: ExperimentRecord, cells: readonly CellRecord[]): CaseColumnResult[] {
  const by = new Map<string, CellRecord[]>();
  for (const cell of cells) {
    const key = `${cell.case}\u0000${cell.column}`;
    by.set(key, [...(by.get(key) ?? []), cell]);
  }
  const results: CaseColumnResult[] = [];
  for (const c of experiment.cases)
    for (const column of experiment.columns) {
      const trials = (by.get(`${c.key}\u0000${column.key}`) ?? []).sort((a, b) => a.trial - b.trial);
      if (!trials.length) continue;
      const passes = trials.filter((t) => t.passed).length;
      const costs = trials.filter((t) => t.costUsd !== undefined);
      const lastFailed = trials.filter((t) => !t.passed).at(-1);
      results.push({
        case: c.key,
        column: column.key,
        trials: trials.length,
        passes,
        passRate: passes / trials.length,
        passed: passes / trials.length >= c.passRate,
        ms: Math.round(mean(trials.map((t) => t.ms))),
        tokens: Math.round(mean(trials.map((t) => t.inputTokens + t.outputTokens))),
        ...(costs.length ? { costUsd: costs.reduce((n, t) => n + t.costUsd!, 0) } : {}),
        runIds: trials.flatMap((t) => (t.runId ? [t.runId] : [])),
        failures: lastFailed ? failuresOf(lastFailed) : [],
      });
    }
  return results;
}

/** Why a cell failed: its failed assertions' reasons, or the run's error. */
export function failuresOf(cell: CellRecord): string[] {
  const reasons = cell.assertions.filter((a) => !a.pass).map((a) => `${a.type}: ${a.reason ?? 'failed'}`);
  if (reasons.length) return reasons;
  return [`the run ${cell.status}${cell.error ? `: ${cell.error}` : ''}`];
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

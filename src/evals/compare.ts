import type { ExperimentColumn, ExperimentRecord } from './experiment.js';
import type { CaseColumnResult } from './summary.js';

/** How a case did in a column against the same case in a baseline column. */
export interface CaseDelta {
  case: string;
  column: string;
  baseline: string;
  passRate: number;
  baselinePassRate: number;
  /** passRate − baselinePassRate. */
  delta: number;
  /** It passed in the baseline and fails now. */
  regression: boolean;
  /** It failed in the baseline and passes now. */
  fixed: boolean;
  /** Mean latency now minus in the baseline, ms. */
  msDelta: number;
  /** Cost now minus in the baseline, where both are known. */
  costDelta?: number;
}

/** An experiment and its results per case and column, as compared. */
export interface ComparedSide {
  experiment: ExperimentRecord;
  results: readonly CaseColumnResult[];
}

/** Each column of an experiment against its model's baseline column (the columns of one model's variants). */
export function deltasWithin(side: ComparedSide): CaseDelta[] {
  const baselineOf = (column: ExperimentColumn) =>
    side.experiment.columns.find((c) => c.baseline && c.model === column.model && c !== column);
  const pairs = side.experiment.columns.flatMap((c) => {
    const base = c.baseline ? undefined : baselineOf(c);
    return base ? [{ now: c.key, then: base.key }] : [];
  });
  return deltas(side.results, side.results, pairs);
}

/**
 * One experiment (`now`) against an earlier one (`then`): cases by key, columns by key; two
 * experiments of one column each are compared column to column whatever their keys.
 */
export function deltasBetween(then: ComparedSide, now: ComparedSide): CaseDelta[] {
  const thenKeys = then.experiment.columns.map((c) => c.key);
  const shared = now.experiment.columns
    .filter((c) => thenKeys.includes(c.key))
    .map((c) => ({ now: c.key, then: c.key }));
  const pairs =
    shared.length || then.experiment.columns.length !== 1 || now.experiment.columns.length !== 1
      ? shared
      : [{ now: now.experiment.columns[0].key, then: thenKeys[0] }];
  return deltas(now.results, then.results, pairs);
}

/** Whether a comparison found a case that passed before and fails now. */
export function hasRegression(list: readonly CaseDelta[]): boolean {
  return list.some((d) => d.regression);
}

function deltas(
  now: readonly CaseColumnResult[],
  then: readonly CaseColumnResult[],
  pairs: readonly { now: string; then: string }[],
): CaseDelta[] {
  const thenBy = new Map(then.map((r) => [`${r.case}\u0000${r.column}`, r]));
  return pairs.flatMap((pair) =>
    now
      .filter((r) => r.column === pair.now)
      .flatMap((r) => {
        const b = thenBy.get(`${r.case}\u0000${pair.then}`);
        if (!b) return [];
        return [
          {
            case: r.case,
            column: r.column,
            baseline: b.column,
            passRate: r.passRate,
            baselinePassRate: b.passRate,
            delta: r.passRate - b.passRate,
            regression: b.passed && !r.passed,
            fixed: !b.passed && r.passed,
            msDelta: r.ms - b.ms,
            ...(r.costUsd !== undefined && b.costUsd !== undefined
              ? { costDelta: r.costUsd - b.costUsd }
              : {}),
          },
        ];
      }),
  );
}

import type { ExperimentDetail, ExperimentResult } from '../api/types';

/** What the matrix shows: cases of these skills, whose key holds this text, failing somewhere if asked. */
export interface MatrixFilter {
  skill: string;
  text: string;
  failingOnly: boolean;
}

/** A case's results keyed by column. */
export type CaseRow = { key: string; skill: string; name: string; results: Map<string, ExperimentResult> };

/** The experiment's cases, each with its results by column, kept when they match the filter. */
export function matrixRows(detail: ExperimentDetail, filter: MatrixFilter): CaseRow[] {
  const text = filter.text.trim().toLowerCase();
  return detail.experiment.cases
    .map((c) => ({
      key: c.key,
      skill: c.skill,
      name: c.name,
      results: new Map(detail.results.filter((r) => r.case === c.key).map((r) => [r.column, r])),
    }))
    .filter((row) => !filter.skill || row.skill === filter.skill)
    .filter((row) => !text || row.key.toLowerCase().includes(text))
    .filter((row) => !filter.failingOnly || [...row.results.values()].some((r) => !r.passed));
}

/** A case in two columns: their pass rates, latencies and costs, and what differs. */
export interface ColumnDiff {
  key: string;
  left?: ExperimentResult;
  right?: ExperimentResult;
  /** right − left, in points (0–100). */
  points: number;
  /** Passed on the left, fails on the right. */
  worse: boolean;
  /** Failed on the left, passes on the right. */
  better: boolean;
}

/** Each case of the experiment in two of its columns. */
export function diffColumns(detail: ExperimentDetail, left: string, right: string): ColumnDiff[] {
  return detail.experiment.cases.map((c) => {
    const find = (column: string) => detail.results.find((r) => r.case === c.key && r.column === column);
    const l = find(left);
    const r = find(right);
    return {
      key: c.key,
      left: l,
      right: r,
      points: Math.round(((r?.passRate ?? 0) - (l?.passRate ?? 0)) * 100),
      worse: !!l?.passed && !!r && !r.passed,
      better: !!l && !l.passed && !!r?.passed,
    };
  });
}

/** A pass rate as a percentage. */
export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A result's latency and cost, short. */
export function costLine(r: ExperimentResult): string {
  const cost = r.costUsd === undefined ? '' : ` · $${r.costUsd.toFixed(4)}`;
  return `${Math.round(r.ms)} ms${cost}`;
}

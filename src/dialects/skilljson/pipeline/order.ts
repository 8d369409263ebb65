import type { Reporter } from '../reporter.js';
import type { StepDecl } from './steps.js';

/** How steps follow each other: in order, or (when any step has `depends`) as a DAG of their dependencies. */
export interface StepOrder {
  dag: boolean;
  /** For each step (by index), the steps (by index) that have certainly finished before it starts. */
  before: Set<number>[];
  /** Each step's direct predecessors (by index). */
  preds: number[][];
}

/**
 * Orders the steps. Without any `depends` they run one after another; with one, every step runs as soon
 * as the steps it depends on have finished (no `depends` means none), and a cycle is an error.
 */
export function orderSteps(steps: readonly StepDecl[], report: Reporter): StepOrder | undefined {
  const dag = steps.some((s) => s.depends !== undefined);
  const byName = new Map(steps.map((s) => [s.name, s.index]));
  const preds = steps.map((s, i) =>
    dag
      ? (s.depends ?? [])
          .map((d) => byName.get(d.name))
          .filter((p): p is number => p !== undefined && p !== i)
      : i
        ? [i - 1]
        : [],
  );
  const before: Set<number>[] = steps.map(() => new Set());
  const state = steps.map(() => 0); // 0 new, 1 visiting, 2 done
  let cyclic = false;
  const visit = (i: number, path: number[]): void => {
    if (state[i] === 2) return;
    if (state[i] === 1) {
      if (!cyclic) {
        const cycle = [...path.slice(path.indexOf(i)), i].map((k) => steps[k].name);
        const step = steps[i];
        report.error(
          'depends-cycle',
          `the steps depend on each other in a circle (${cycle.join(' → ')}), so none of them can start; remove one of these dependencies`,
          step.nameNode.start,
          step.nameNode.end,
        );
      }
      cyclic = true;
      return;
    }
    state[i] = 1;
    for (const p of preds[i]) {
      visit(p, [...path, i]);
      before[i].add(p);
      for (const a of before[p]) before[i].add(a);
    }
    state[i] = 2;
  };
  steps.forEach((_, i) => visit(i, []));
  return cyclic ? undefined : { dag, before, preds };
}

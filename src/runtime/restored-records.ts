import { RunFailure } from './errors.js';
import type { GraphPlan } from './graph-plan.js';
import type { NodeRecord, Write } from './ports/store.js';

const NO_WRITES: readonly Write[] = Object.freeze([]);

/** What the stored node records of a run's earlier parts give its loop (finished and skipped nodes go to the scheduler). */
export interface RestoredRecords {
  /** Each node's writes (none for a node not finished: one shared empty list, never written into). */
  writes: (readonly Write[])[];
  /** The node that paused the run, which takes the person's validated answer (`answer`) when it finishes. */
  answerAt?: number;
  answer?: unknown;
  /** The child run each paused `call` node waits on (none: no such node). */
  childRun?: Map<number, string>;
  /**
   * An end node the records say finished: the process that ran it died after committing it and before
   * marking the run completed. The run completes from its records, the output computed again.
   */
  endedAt?: number;
}

/** Reads a run's node records (and the answer it resumes with) against its skill's graph; a node the skill no longer has is refused. */
export function restoreRecords(
  plan: GraphPlan,
  records: readonly NodeRecord[],
  resume: { node: string; input: unknown } | undefined,
): RestoredRecords {
  const restored: RestoredRecords = {
    writes: new Array<readonly Write[]>(plan.nodes.length).fill(NO_WRITES),
  };
  if (resume) {
    const message = `the run paused at "${resume.node}", which the skill no longer has`;
    restored.answerAt = nodeIndex(plan, resume.node, message);
    restored.answer = resume.input;
  }
  for (const r of records) {
    const i = nodeIndex(plan, r.node, `the stored run has node "${r.node}", which the skill no longer has`);
    if (r.status === 'awaiting') {
      if (r.childRunId) (restored.childRun ??= new Map()).set(i, r.childRunId);
      continue;
    }
    restored.writes[i] = r.writes;
    if (r.status === 'done' && plan.nodes[i].kind === 'end') restored.endedAt ??= i;
  }
  return restored;
}

/** The index of node `id`, or a `skill_changed` failure with `message`. */
function nodeIndex(plan: GraphPlan, id: string, message: string): number {
  const i = plan.index.get(id);
  if (i === undefined) throw new RunFailure('skill_changed', message);
  return i;
}

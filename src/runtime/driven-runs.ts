import type { Skill } from '../ir/skill.js';
import { describeFieldErrors, validateValue } from '../schema/validate.js';
import { cancelRun, type DrivenRun } from './cancel-run.js';
import { childRuns, type RunStarter } from './child-runs.js';
import { applyWrites, type Context } from './context.js';
import type { EventSink } from './event-sink.js';
import type { Outcome } from './outcome.js';
import type { NodeRecord, RunRecord } from './ports/store.js';
import { recordOutcome, type RunResult } from './record-outcome.js';
import { RunLoop } from './run-loop.js';
import type { RunOptions } from './run-options.js';
import { watchRun } from './run-watch.js';

/** The runs a runtime drives now, by id: each through its run loop to an outcome the store records. */
export class DrivenRuns {
  private readonly runs = new Map<string, DrivenRun>();

  constructor(private readonly runtime: RunStarter) {}

  /** Cancels a run wherever it runs (see `cancelRun`). */
  cancel(runId: string, waitMs: number): Promise<RunRecord> {
    return cancelRun(this.runtime.services.store, this.runs, runId, waitMs);
  }

  /** Drives a run this process holds from its records until it completes, pauses or fails, and records that. */
  async drive(
    skill: Skill,
    run: RunRecord,
    records: NodeRecord[],
    resume: { node: string; input: unknown } | undefined,
    sink: EventSink,
    options: RunOptions,
  ): Promise<RunResult> {
    // Cancelled through the loop, not an AbortController: making one per run costs as much as a small run.
    let loop: RunLoop | undefined;
    let cancelled = false;
    const cancel = () => ((cancelled = true), loop?.cancel());
    let settled!: () => void;
    this.runs.set(run.id, { abort: cancel, settled: new Promise<void>((resolve) => (settled = resolve)) });
    const unwatch = watchRun(this.runtime.services.store, run.id, cancel);
    try {
      const initial: Context = skill.inputAt.length
        ? applyWrites({}, [{ path: skill.inputAt, value: run.input }])
        : ((run.input ?? {}) as Context);
      const children = childRuns(this.runtime, run.id, skill, options);
      loop = new RunLoop({
        skill,
        runId: run.id,
        services: this.runtime.services,
        initial,
        sink,
        records,
        resume,
        children,
        signal: options.signal,
      });
      if (cancelled) loop.cancel();
      let result: Outcome = await loop.execute();
      if (result.kind === 'completed') {
        const checked = validateValue(skill.output, result.output);
        result = checked.ok
          ? { kind: 'completed', output: checked.value }
          : {
              kind: 'failed',
              error: {
                code: 'output_invalid',
                message: `the output does not match the output schema: ${describeFieldErrors(checked.errors)}`,
              },
            };
      }
      return await recordOutcome(this.runtime.services.store, run.id, result, sink);
    } finally {
      unwatch();
      this.runs.delete(run.id);
      settled();
    }
  }
}

import type { Skill } from '../ir/skill.js';
import { RunFailure } from './errors.js';
import type { ChildRuns } from './executors/index.js';
import type { RunResult } from './record-outcome.js';
import type { RunOptions } from './run-options.js';
import type { RuntimeServices } from './services.js';
import { subgraphSkill } from './subgraph.js';

/** Child runs nest at most this deep: deeper is a call cycle in practice. */
const MAX_CALL_DEPTH = 32;

/** What child runs need of the runtime that drives their parent. */
export interface RunStarter {
  readonly services: RuntimeServices;
  start(skill: Skill, input: unknown, options: RunOptions): Promise<RunResult>;
  resume(runId: string, input: unknown, options: RunOptions): Promise<RunResult>;
}

/** Child runs of a run: other skills found by id, or subgraphs of the run's own skill. */
export function childRuns(
  runtime: RunStarter,
  parentRunId: string,
  skill: Skill,
  options: RunOptions,
): ChildRuns {
  const depth = (options.depth ?? 0) + 1;
  const child = (signal?: AbortSignal): RunOptions => ({
    parentRunId,
    onEvent: options.onEvent,
    signal: signal && options.signal ? AbortSignal.any([signal, options.signal]) : (signal ?? options.signal),
    depth,
  });
  return {
    start: async (target, input, signal) => {
      const name = 'graph' in target ? `subgraph ${target.graph}` : target.skill;
      if (depth > MAX_CALL_DEPTH)
        throw new RunFailure(
          'call_depth',
          `calling ${name} would nest runs ${depth} deep (the limit is ${MAX_CALL_DEPTH}); skills that call each other in a circle never end: check their calls with skein validate`,
        );
      if ('graph' in target)
        return runtime.start(subgraphSkill(skill, target.graph), input, {
          ...child(signal),
          graph: target.graph,
        });
      const skills = runtime.services.skills;
      if (!skills)
        throw new RunFailure(
          'skill_not_found',
          `cannot call ${target.skill}: no skill library is configured`,
        );
      return runtime.start(await skills.find(target.skill), input, child(signal));
    },
    resume: (childRunId, input, signal) => runtime.resume(childRunId, input, child(signal)),
  };
}

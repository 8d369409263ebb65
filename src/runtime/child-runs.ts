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
  return new RunChildren(runtime, parentRunId, skill, options);
}

/** Child runs as an object without closures: every run makes one, and few runs start a child. */
class RunChildren implements ChildRuns {
  private readonly depth: number;

  constructor(
    private readonly runtime: RunStarter,
    private readonly parentRunId: string,
    private readonly skill: Skill,
    private readonly options: RunOptions,
  ) {
    this.depth = (options.depth ?? 0) + 1;
  }

  async start(target: Parameters<ChildRuns['start']>[0], input: unknown, signal?: AbortSignal) {
    const name = 'graph' in target ? `subgraph ${target.graph}` : target.skill;
    if (this.depth > MAX_CALL_DEPTH)
      throw new RunFailure(
        'call_depth',
        `calling ${name} would nest runs ${this.depth} deep (the limit is ${MAX_CALL_DEPTH}); skills that call each other in a circle never end: check their calls with skein validate`,
      );
    if ('graph' in target)
      return this.runtime.start(subgraphSkill(this.skill, target.graph), input, {
        ...this.child(signal),
        graph: target.graph,
      });
    const skills = this.runtime.services.skills;
    if (!skills)
      throw new RunFailure('skill_not_found', `cannot call ${target.skill}: no skill library is configured`);
    return this.runtime.start(await skills.find(target.skill, this.skill.source), input, this.child(signal));
  }

  resume(childRunId: string, input: unknown, signal?: AbortSignal) {
    return this.runtime.resume(childRunId, input, this.child(signal));
  }

  private child(signal?: AbortSignal): RunOptions {
    const own = this.options.signal;
    return {
      parentRunId: this.parentRunId,
      onEvent: this.options.onEvent,
      signal: signal && own ? AbortSignal.any([signal, own]) : (signal ?? own),
      depth: this.depth,
    };
  }
}

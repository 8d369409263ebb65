import type { Skein } from '../host/index.js';
import type { Skill } from '../ir/skill.js';
import type { ForkOptions, RunOptions, RunResult } from '../runtime/index.js';

/**
 * What a caller of a run may give it: a listener for its events, a signal that cancels it, a resume's
 * `upgrade`, a start's idempotency key and its own webhook.
 */
export type RunControl = Pick<RunOptions, 'onEvent' | 'signal' | 'upgrade' | 'idempotencyKey' | 'webhook'>;

/**
 * The runs this server drives, so that shutting down can wait for them. Their events reach streams
 * through `Skein.follow` (docs/http-api.md), which runs driven here wake at once.
 */
export class RunHub {
  private readonly driving = new Set<Promise<RunResult>>();

  constructor(readonly skein: Skein) {}

  /** Runs a skill (see `Skein.run`). */
  start(skill: Skill, input: unknown, control: RunControl = {}): Promise<RunResult> {
    return this.track(this.skein.run(skill, input, control));
  }

  /** Starts a run and returns its id once it is stored; the run goes on here or in a worker (see `Skein.start`). */
  async startDetached(
    skill: Skill,
    input: unknown,
    options: Pick<RunOptions, 'idempotencyKey' | 'webhook'> = {},
  ): Promise<string> {
    const started = await this.skein.start(skill, input, options);
    this.track(started.wait()).catch(() => {}); // how it ends is in the store
    return started.runId;
  }

  /** Resumes a run (see `Skein.resume`). */
  resume(runId: string, input: unknown, control: RunControl = {}): Promise<RunResult> {
    return this.track(this.skein.resume(runId, input, control));
  }

  /** Forks a run (see `Skein.fork`). */
  fork(runId: string, fork: ForkOptions, control: RunControl = {}): Promise<RunResult> {
    return this.track(this.skein.fork(runId, fork, control));
  }

  /** Settles when every run this process drives has stopped, or after `ms`; true when all stopped. */
  async drain(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
    const all = Promise.allSettled([...this.driving]).then(() => true);
    try {
      return await Promise.race([all, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private track(running: Promise<RunResult>): Promise<RunResult> {
    this.driving.add(running);
    const forget = () => this.driving.delete(running);
    running.then(forget, forget);
    return running;
  }
}

// Schedules (docs/operations.md, "Schedules"): skills started on a cron by every `serve` and `worker`,
// once per tick however many run — each start claims the idempotency key of its tick, so the store's
// unique key (SQLite or PostgreSQL) lets one process's start through and hands the others that run.
import { createRequire } from 'node:module';
import type { Cron } from 'croner';
import type { ScheduleConfig } from '../config/config.js';
import { SkeinError } from '../errors/index.js';
import type { RunOptions } from '../runtime/index.js';

/** A schedule as `skein schedules` and `GET /v1/schedules` show it, with its next fire times. */
export interface ScheduleView {
  id: string;
  skill: string;
  cron: string;
  timezone?: string;
  catchUp: 'none' | 'last';
  input: unknown;
  next: string[];
}

/** croner, loaded when a config first has a schedule: most have none, and runs need not load it. */
let croner: typeof import('croner') | undefined;
const newCron = (pattern: string, timezone?: string): Cron =>
  new (croner ??= createRequire(import.meta.url)('croner') as typeof import('croner')).Cron(pattern, {
    paused: true,
    timezone,
  });

/** A schedule with its cron read. */
interface Compiled {
  config: ScheduleConfig;
  cron: Cron;
}

/** Reads every schedule's cron and time zone; a bad one is a config error naming its field. */
function compile(schedules: readonly ScheduleConfig[]): Compiled[] {
  return schedules.map((config, i) => {
    try {
      return { config, cron: newCron(config.cron, config.timezone) };
    } catch (e) {
      throw new SkeinError(
        'config_invalid',
        `schedules[${i}] (${config.id}): "${config.cron}"${config.timezone ? ` in ${config.timezone}` : ''} is not a cron this reads: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  });
}

/** The schedules of a config with their next `count` fire times after `now`. */
export function scheduleViews(
  schedules: readonly ScheduleConfig[],
  count = 3,
  now = new Date(),
): ScheduleView[] {
  return compile(schedules).map(({ config, cron }) => ({
    id: config.id,
    skill: config.skill,
    cron: config.cron,
    ...(config.timezone ? { timezone: config.timezone } : {}),
    catchUp: config.catchUp,
    input: config.input,
    next: cron.nextRuns(count, now).map((d) => d.toISOString()),
  }));
}

/** The idempotency key of one schedule's tick: one run per tick in the whole store. */
export function tickKey(schedule: string, at: string): string {
  return `schedule:${schedule}@${at}`;
}

/** One tick fired: its schedule and time, and the run it started (or found started), or the error. */
export interface FiredTick {
  schedule: string;
  at: string;
  runId?: string;
  error?: Error;
}

/** What the scheduler needs of a Skein: a start that returns once the run is stored. */
export type StartRun = (
  skill: string,
  input: unknown,
  options: RunOptions,
) => Promise<{ runId: string; wait(): Promise<unknown> }>;

/**
 * Fires each schedule at its ticks until the returned function is called (which waits for the starts
 * in progress, not for the runs): each tick starts its skill with the tick's idempotency key and
 * `trigger: {schedule, at}`; with `catchUp: last`, the last tick before now is fired at once (a tick a
 * process already fired is not fired again). Each start, or its error, goes to `onFired`.
 */
export function runSchedules(
  schedules: readonly ScheduleConfig[],
  start: StartRun,
  onFired: (fired: FiredTick) => void,
): () => Promise<void> {
  const compiled = compile(schedules);
  const timers = new Set<NodeJS.Timeout>();
  const starting = new Set<Promise<void>>();
  let stopped = false;
  const fire = (s: Compiled, at: Date) => {
    const iso = at.toISOString();
    const trigger = { schedule: s.config.id, at: iso };
    const done = start(s.config.skill, s.config.input, { idempotencyKey: tickKey(s.config.id, iso), trigger })
      .then(
        (started) => {
          started.wait().catch(() => {}); // how it ends is in the store
          onFired({ ...trigger, runId: started.runId });
        },
        (e: unknown) => onFired({ ...trigger, error: e instanceof Error ? e : new Error(String(e)) }),
      )
      .finally(() => starting.delete(done));
    starting.add(done);
  };
  const plan = (s: Compiled, after: Date) => {
    const next = s.cron.nextRun(after);
    if (!next || stopped) return;
    // Timers wake at most a minute ahead, so a clock change or a long sleep is noticed.
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (Date.now() + 5 < next.getTime()) return plan(s, new Date(Date.now() - 1));
        fire(s, next);
        plan(s, next);
      },
      Math.min(60_000, Math.max(0, next.getTime() - Date.now())),
    );
    timers.add(timer);
  };
  const now = new Date();
  for (const s of compiled) {
    if (s.config.catchUp === 'last') {
      const [last] = s.cron.previousRuns(1, now);
      if (last) fire(s, last);
    }
    plan(s, now);
  }
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(starting);
  };
}

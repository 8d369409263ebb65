import type { Skein } from '../host/index.js';
import type { Skill } from '../ir/skill.js';
import { EPHEMERAL_EVENTS, type RunEvent, type RunOptions, type RunResult } from '../runtime/index.js';

/** What a caller of a run may give it: a listener for its events and a signal that cancels it. */
export type RunControl = Pick<RunOptions, 'onEvent' | 'signal'>;

/** One event of a followed run; `stored` ones have their `seq` in the log, the others were only streamed. */
export interface FollowedEvent {
  event: RunEvent;
  stored: boolean;
}

export interface FollowOptions {
  /** Only events with a greater `seq` (default: all). */
  after?: number;
  signal?: AbortSignal;
  /** How often to read the store when nothing in this process wakes the follower. */
  pollMs?: number;
}

/** Without a wake-up from this process, a run driven here is re-read this often anyway. */
const LOCAL_POLL_MS = 250;

/** Told about each event of a run driven here, and (without one) when the run's driver returned. */
type Listener = (event?: RunEvent) => void;

/** A wake-up that is not lost when it rings while nobody waits. */
class Bell {
  private rung = false;
  private wake: (() => void) | undefined;

  readonly ring = (): void => {
    this.rung = true;
    this.wake?.();
  };

  /** Returns at the next ring (at once if it rang since the last wait), after `ms`, or on abort. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.rung || signal?.aborted) return Promise.resolve(void (this.rung = false));
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.wake = undefined;
        this.rung = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

/**
 * The runs of this process and the readers that follow runs. Runs started through the hub tell their
 * followers at once; a run driven by another process is followed by reading the store every
 * `pollMs`. The store is the single source of stored events, so a follower never loses or repeats
 * one; events that are only streamed (`llm_delta`) reach followers of runs driven here.
 */
export class RunHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly driving = new Set<Promise<RunResult>>();
  private readonly drivenIds = new Map<string, number>();

  constructor(readonly skein: Skein) {}

  /** Runs a skill (see `Skein.run`), telling its followers about every event. */
  start(skill: Skill, input: unknown, control: RunControl = {}): Promise<RunResult> {
    return this.drive((c) => this.skein.run(skill, input, c), control);
  }

  /** Resumes a run (see `Skein.resume`), telling its followers about every event. */
  resume(runId: string, input: unknown, control: RunControl = {}): Promise<RunResult> {
    return this.drive((c) => this.skein.resume(runId, input, c), control);
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

  /**
   * A run's events: the stored ones after `after`, then new ones as they come, until the run is no
   * longer running (completed, failed, awaiting) or its process is gone, or `signal` aborts.
   */
  async *follow(runId: string, options: FollowOptions = {}): AsyncGenerator<FollowedEvent> {
    const { signal, pollMs = 75 } = options;
    let last = options.after ?? -1;
    const streamed: RunEvent[] = [];
    const bell = new Bell();
    const listener = (event?: RunEvent) => {
      if (event && EPHEMERAL_EVENTS.has(event.type)) streamed.push(event);
      // After the runtime's synchronous store writes for this event (SQLite, memory) are done.
      setImmediate(bell.ring);
    };
    this.subscribe(runId, listener);
    try {
      while (!signal?.aborted) {
        // The status is read before the events: once a run has stopped, all its events are stored.
        const run = await this.skein.getRun(runId);
        // In `seq` order: a model's text streamed while a step ran comes before the step's end.
        const stored = (await this.skein.events(runId, last)).map((event) => ({ event, stored: true }));
        const live = streamed.splice(0).map((event) => ({ event, stored: false }));
        for (const item of [...stored, ...live].sort((a, b) => a.event.seq - b.event.seq)) {
          if (item.stored) last = item.event.seq;
          yield item;
        }
        if (!run || run.status !== 'running' || (run.leaseUntil ?? Infinity) < Date.now()) return;
        await bell.wait(this.drivenIds.has(runId) ? LOCAL_POLL_MS : pollMs, signal);
      }
    } finally {
      this.unsubscribe(runId, listener);
    }
  }

  private drive(work: (control: RunControl) => Promise<RunResult>, control: RunControl): Promise<RunResult> {
    const ids = new Set<string>();
    const onEvent = (event: RunEvent) => {
      if (!ids.has(event.runId)) {
        ids.add(event.runId);
        this.drivenIds.set(event.runId, (this.drivenIds.get(event.runId) ?? 0) + 1);
      }
      this.notify(event.runId, event);
      control.onEvent?.(event);
    };
    const running = work({ onEvent, signal: control.signal });
    this.driving.add(running);
    const forget = () => {
      this.driving.delete(running);
      for (const id of ids) {
        this.notify(id);
        const n = this.drivenIds.get(id)! - 1;
        if (n) this.drivenIds.set(id, n);
        else this.drivenIds.delete(id);
      }
    };
    running.then(forget, forget);
    return running;
  }

  private notify(runId: string, event?: RunEvent): void {
    const listeners = this.listeners.get(runId);
    if (listeners) for (const listener of listeners) listener(event);
  }

  private subscribe(runId: string, listener: Listener): void {
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
  }

  private unsubscribe(runId: string, listener: Listener): void {
    const set = this.listeners.get(runId);
    set?.delete(listener);
    if (set && !set.size) this.listeners.delete(runId);
  }
}

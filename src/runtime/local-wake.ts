import type { RunEvent } from './events.js';
import type { RunWake, WakeListener } from './ports/wake.js';

/**
 * The in-process `RunWake`: `publish` is given as the runtime's event listener (`RunOptions.onEvent`)
 * of the runs driven here, and `ring` is called when a run's driver returns, so that followers of
 * those runs wake at once and get their streamed-only events (docs/runtime.md, "Following a run").
 */
export class LocalWake implements RunWake {
  private readonly listeners = new Map<string, Set<WakeListener>>();
  private readonly everyRun = new Set<() => void>();

  /** Tells a run's followers about one of its events. */
  readonly publish = (event: RunEvent): void => this.notify(event.runId, event);

  /** Wakes a run's followers without an event (its driver returned: all it did is stored). */
  ring(runId: string): void {
    this.notify(runId);
  }

  /** Calls `listener` for each event of the run published here and at each ring; returns how to stop. */
  watch(runId: string, listener: WakeListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.listeners.get(runId) === set) this.listeners.delete(runId);
    };
  }

  /** Calls `listener` at each ring and each event that changes a run's status; returns how to stop. */
  watchAll(listener: () => void): () => void {
    this.everyRun.add(listener);
    return () => void this.everyRun.delete(listener);
  }

  private notify(runId: string, event?: RunEvent): void {
    const listeners = this.listeners.get(runId);
    if (listeners) for (const listener of listeners) listener(event);
    if (!event || STATUS_EVENTS.has(event.type)) for (const listener of this.everyRun) listener();
  }
}

/** The events at which a run's status changes (it may not be stored yet: listeners read after them). */
const STATUS_EVENTS: ReadonlySet<string> = new Set(['awaiting', 'resumed', 'completed', 'failed']);

/** One wake-up made of several: a follower wakes when any of them rings. */
export function anyWake(...wakes: (RunWake | undefined)[]): RunWake {
  const present = wakes.filter((w): w is RunWake => w !== undefined);
  return {
    watch(runId, listener) {
      const stops = present.map((w) => w.watch(runId, listener));
      return () => stops.forEach((stop) => stop());
    },
    watchAll(listener) {
      const stops = present.map((w) => w.watchAll(listener));
      return () => stops.forEach((stop) => stop());
    },
  };
}

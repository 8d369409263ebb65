import type { RunEvent } from '../events.js';

/** Told that a run may have new events or a new status; `event` is one this process saw emitted. */
export type WakeListener = (event?: RunEvent) => void;

/**
 * What wakes a follower of a run (`followRun`, docs/runtime.md "Following a run"): the runtime's own
 * events in this process (`LocalWake`), or a shared store's notices from other processes (the
 * PostgreSQL queue's LISTEN). A wake-up is only a hint: the follower reads the store after it, and
 * reads it anyway when none comes for a while, so a lost one delays events but never loses them.
 */
export interface RunWake {
  /** Calls `listener` soon after the run may have stored events or changed status; returns how to stop. */
  watch(runId: string, listener: WakeListener): () => void;
  /** Calls `listener` soon after any run may have changed status (paused, resumed, ended); returns how to stop. */
  watchAll(listener: () => void): () => void;
}

import type { RunWake } from './wake.js';

/**
 * Where runs wait for a process with room to drive them, when several processes share a store. The store
 * queues a run in the same transaction that makes it runnable (a new run, or a paused one answered, with
 * no owner yet), so that a crash between the two loses nothing; a queue plugs into its store for that.
 * As a `RunWake`, its `watch` calls the listener soon after the run changes status (ends, pauses), in
 * any process.
 */
export interface RunQueue extends RunWake {
  /** Queues a run that nobody drives any more (its process died), outside any transaction, ahead of the runs waiting. */
  enqueue(runId: string): Promise<void>;
  /**
   * Hands queued runs to `take`, at most `concurrency` at a time, until the function it returns is called
   * (which waits for the runs in hand). A run may be handed over more than once: `take` decides.
   */
  work(concurrency: number, take: (runId: string) => Promise<void>): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

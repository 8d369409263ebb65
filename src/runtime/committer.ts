import { RunFailure } from './errors.js';
import type { EventSink } from './event-sink.js';
import type { NodeRecord, RunStore } from './ports/store.js';

/**
 * What a run has to store, and when (docs/runtime.md, "Durability"): the records of nodes
 * finished since the last commit point and every event emitted so far, in one transaction. A node
 * with effects, or one that took a person's answer, makes the next commit due before anything else
 * waits; a pure node's record waits for the next commit point. Every write of the run's nodes and
 * events goes through `commit`, and a store that fails is reported one way: the run fails with
 * `store_failed`, and nothing more of it is written but its end.
 */
export class Committer {
  private unsaved: NodeRecord[] = [];
  private mustCommit = false;
  /** Events reported while a node works are stored a moment later (with the node's own commit, if that comes first). */
  private soon: NodeJS.Immediate | undefined;
  private broken = false;

  constructor(
    private readonly store: RunStore,
    private readonly runId: string,
    private readonly sink: EventSink,
    private readonly onFailure: (failure: RunFailure) => void,
  ) {}

  /** Whether a commit must come before the run waits for anything else. */
  get due(): boolean {
    return this.mustCommit;
  }

  /** Keeps a node's record for the next commit point; `durable`: that commit is due now. */
  keep(record: NodeRecord, durable: boolean): void {
    this.unsaved.push(record);
    if (durable) this.mustCommit = true;
  }

  /** Stores what was reported so far soon, so that readers of the store follow a long step as it goes. */
  later(): void {
    this.soon ??= setImmediate(() => {
      this.soon = undefined;
      void this.commit();
    });
  }

  /**
   * A commit point: the kept records, `record` too, and the events so far, in one transaction. Returns
   * nothing when the store wrote synchronously, else a promise that resolves (never rejects) once it
   * is durable or has failed.
   */
  commit(record?: NodeRecord): void | Promise<void> {
    const records = this.unsaved;
    this.unsaved = [];
    this.mustCommit = false;
    if (record) records.push(record);
    if (this.broken) return;
    const events = this.sink.take();
    if (!records.length && !events.length) return;
    let saved: void | Promise<void>;
    try {
      saved = this.store.saveNodes(this.runId, records, events);
    } catch (e) {
      return this.failed(e);
    }
    if (saved) return saved.then(undefined, (e: unknown) => this.failed(e));
  }

  /** Stops storing later: the run is over. */
  close(): void {
    clearImmediate(this.soon);
  }

  private failed(e: unknown): void {
    if (this.broken) return;
    this.broken = true;
    const message = e instanceof Error ? e.message : String(e);
    this.onFailure(new RunFailure('store_failed', `the run store failed: ${message}`));
  }
}

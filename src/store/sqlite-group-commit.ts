import type Database from 'better-sqlite3';

/** At most this many writes go into one transaction (a larger one holds more pages until it commits). */
const GROUP_MAX = 500;

interface Write {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes of many runs committed together (docs/runtime.md, "Durability"): the writes asked for while
 * the current microtasks run (10,000 runs started or resumed at once reach their store calls that
 * way) go into one SQLite transaction, each in a savepoint of its own, and each caller's promise
 * resolves once that transaction has committed. A commit writes each page it changed to the WAL, so
 * one commit for many runs' rows costs about what one run's did; a write that fails (a node stored
 * twice) is rolled back alone and rejects alone, and a commit that fails rejects every write in it.
 */
export class GroupCommit {
  private queue: Write[] = [];
  private readonly tx;

  /** `committed` is told of each transaction committed (the store counts them). */
  constructor(
    db: Database.Database,
    private readonly committed: () => void,
  ) {
    this.tx = db.transaction((writes: readonly Write[]) =>
      writes.map((w) => {
        try {
          return { ok: true, value: w.write() };
        } catch (e) {
          return { ok: false, value: e };
        }
      }),
    );
  }

  /**
   * Runs `write` (a call of a better-sqlite3 transaction function: alone it is a transaction, nested in
   * the group's it is a savepoint) in the next group; resolves with what it returns once that is durable.
   */
  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const first = this.queue.push({ write, resolve: resolve as (value: unknown) => void, reject }) === 1;
      if (first) queueMicrotask(() => this.flush());
    });
  }

  /** Commits the writes asked for so far now (the store closes, say). */
  flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (let start = 0; start < queue.length; start += GROUP_MAX)
      this.commit(queue.length <= GROUP_MAX ? queue : queue.slice(start, start + GROUP_MAX));
  }

  private commit(writes: readonly Write[]): void {
    // Alone, a write is its own transaction, without a savepoint in one.
    if (writes.length === 1) return this.commitOne(writes[0]);
    let results: { ok: boolean; value: unknown }[];
    try {
      results = this.tx.immediate(writes);
    } catch (e) {
      for (const w of writes) w.reject(e);
      return;
    }
    this.committed();
    writes.forEach((w, i) => (results[i].ok ? w.resolve(results[i].value) : w.reject(results[i].value)));
  }

  private commitOne(w: Write): void {
    let value: unknown;
    try {
      value = w.write();
    } catch (e) {
      return w.reject(e);
    }
    this.committed();
    w.resolve(value);
  }
}

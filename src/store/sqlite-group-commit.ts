import type Database from 'better-sqlite3';

/** At most this many writes go into one transaction (a larger one holds more pages until it commits). */
const GROUP_MAX = 500;
/** A write left over waits at most this many transactions of newer writes before it goes first. */
const MAX_WAIT = 1000;

interface Write {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** The run the write is about; none: it may touch any (it never goes ahead of an older write). */
  key: string | undefined;
  /** The transaction count when it was left over. */
  since: number;
}

/**
 * Writes of many runs committed together (docs/runtime.md, "Durability"): the writes asked for while
 * the current microtasks run go into one SQLite transaction, each in a savepoint of its own, and each
 * caller's promise resolves once that transaction has committed. A commit writes each page it changed
 * to the WAL, so one commit for many runs' rows costs about what one run's did; a write that fails (a
 * node stored twice) is rolled back alone and rejects alone, and a commit that fails rejects every write in it.
 *
 * More than `GROUP_MAX` writes at once (10,000 runs started together) go in waves: one transaction, then,
 * once the callers it let go on have asked for their next writes, the writes of the runs it committed
 * first, and the rest in the order asked. The runs that got through go on to their pause or end before
 * the others start, so a few hundred runs are in flight at a time rather than all of them (each holding
 * its loop, records and events: measured, the peak RSS of 10,000 pauses on SQLite halves), and new runs
 * still go in the order they came. A run's own writes keep their order, and a write left over goes
 * first after `MAX_WAIT` transactions.
 */
export class GroupCommit {
  /** Writes asked for since the last transaction. */
  private fresh: Write[] = [];
  /** Writes left over from earlier transactions, oldest first. */
  private backlog: Write[] = [];
  /** How many writes of each run wait in the backlog (`ALL`: writes about no one run). */
  private readonly waiting = new Map<string | typeof ALL, number>();
  /** The runs the last transaction wrote: their next writes go first. */
  private wentOn = new Set<string>();
  private scheduled = false;
  private transactions = 0;
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
   * `key`: the run it writes, whose writes keep their order.
   */
  run<T>(write: () => T, key?: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.fresh.push({ write, resolve: resolve as (value: unknown) => void, reject, key, since: 0 });
      if (this.scheduled) return;
      this.scheduled = true;
      queueMicrotask(() => this.wave());
    });
  }

  /** Commits the writes asked for so far now, oldest first (the store closes, say). */
  flush(): void {
    const all = this.backlog.concat(this.fresh);
    this.backlog = [];
    this.fresh = [];
    this.waiting.clear();
    for (let start = 0; start < all.length; start += GROUP_MAX)
      this.commit(all.length <= GROUP_MAX ? all : all.slice(start, start + GROUP_MAX));
  }

  /** One transaction: writes of the runs the last one wrote, then the oldest others; the next wave after their callers went on. */
  private wave(): void {
    this.scheduled = false;
    const fresh = this.fresh;
    this.fresh = [];
    const batch: Write[] = [];
    const overdue = this.backlog.length > 0 && this.transactions - this.backlog[0].since >= MAX_WAIT;
    for (const w of fresh)
      if (!overdue && batch.length < GROUP_MAX && this.goesAhead(w)) batch.push(w);
      else this.leave(w);
    if (batch.length < GROUP_MAX && this.backlog.length) {
      const taken = this.backlog.splice(0, GROUP_MAX - batch.length);
      for (const w of taken) {
        const key = w.key ?? ALL;
        const n = this.waiting.get(key)! - 1;
        if (n) this.waiting.set(key, n);
        else this.waiting.delete(key);
        batch.push(w);
      }
    }
    this.wentOn = new Set();
    for (const w of batch) if (w.key !== undefined) this.wentOn.add(w.key);
    if (batch.length) this.commit(batch);
    if (this.backlog.length && !this.scheduled) {
      this.scheduled = true;
      // After the microtasks of the callers just let go on, so that their next writes are fresh.
      setImmediate(() => this.wave());
    }
  }

  /**
   * Whether a fresh write goes before the writes left over: none are left, or it is of a run the last
   * transaction wrote, and no older write of that run (or about no one run) waits.
   */
  private goesAhead(w: Write): boolean {
    if (!this.backlog.length) return true;
    if (w.key === undefined || !this.wentOn.has(w.key)) return false;
    return !this.waiting.has(ALL) && !this.waiting.has(w.key);
  }

  private leave(w: Write): void {
    w.since = this.transactions;
    this.backlog.push(w);
    const key = w.key ?? ALL;
    this.waiting.set(key, (this.waiting.get(key) ?? 0) + 1);
  }

  private commit(writes: readonly Write[]): void {
    this.transactions++;
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

/** The key of writes about no one run. */
const ALL = Symbol('all runs');

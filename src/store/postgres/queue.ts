import PgBoss from 'pg-boss';
import type { RunQueue } from '../../runtime/index.js';
import { RunNotices } from './run-notices.js';
import { QUEUE_CHANNEL, type PostgresRunStore, type Tx } from './store.js';

/** The pg-boss queue of runs to drive; a job is `{runId}`. */
const QUEUE = 'skein-runs';
/**
 * How often an idle worker slot asks for a job besides: a queued run is announced by NOTIFY on
 * `QUEUE_CHANNEL` at its transaction's commit, which wakes an idle slot at once.
 */
const POLL_SECONDS = 2;
/** The priority of a run queued again because its worker died; new runs have 0. */
const ORPHAN_PRIORITY = 10;

/**
 * The run queue on pg-boss, in the store's database and over the store's pool. The store queues a run in
 * the transaction that makes it runnable (pg-boss's `send` with the transaction's connection); a job
 * handed to a worker is only a hint: the worker drives the run only if nobody else does (its claim in
 * the run row decides), so a job handed over twice, or a job of a run already done, costs one read.
 */
export class PgBossQueue implements RunQueue {
  private readonly inHand = new Set<Promise<void>>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly notices: RunNotices,
  ) {}

  /** Creates pg-boss's schema and the queue when they are missing, and plugs the queue into the store. */
  static async open(
    store: PostgresRunStore,
    url: string,
    onError: (error: Error) => void = () => {},
  ): Promise<PgBossQueue> {
    const boss = new PgBoss({
      // pg-boss swallows the errors of its job fetches: they are reported here.
      db: {
        executeSql: (text: string, values?: unknown[]) =>
          store.execute(text, values ?? []).catch((error: Error) => {
            onError(error);
            throw error;
          }),
      },
      schedule: false,
      // Expired jobs are of workers that died: the sweep (see startWorker) queues their runs again.
      maintenanceIntervalSeconds: 300,
    });
    boss.on('error', onError);
    // Processes starting together on a new database raced creating pg-boss's schema ("duplicate key …
    // pg_namespace_nspname_index"): one at a time, behind an advisory lock held by a transaction of its own.
    await store.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('skein.pgboss'))`);
      await boss.start();
      await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 5, retryDelay: 1, expireInSeconds: 4 * 3600 });
    });
    store.dispatchWith(async (tx: Tx, runId) => {
      await boss.send(
        QUEUE,
        { runId },
        {
          db: { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) },
        },
      );
      await tx.query(`SELECT pg_notify('${QUEUE_CHANNEL}', '')`);
    });
    return new PgBossQueue(boss, new RunNotices(url));
  }

  async enqueue(runId: string): Promise<void> {
    // An orphan was queued long ago: it goes ahead of the backlog (pg-boss fetches by priority first).
    await this.boss.send(QUEUE, { runId }, { priority: ORPHAN_PRIORITY });
    await this.boss.getDb().executeSql(`SELECT pg_notify('${QUEUE_CHANNEL}', '')`, []);
  }

  async work(concurrency: number, take: (runId: string) => Promise<void>): Promise<() => Promise<void>> {
    const ids: string[] = [];
    const idle = new Set<string>();
    for (let i = 0; i < concurrency; i++) {
      const id: string = await this.boss.work<{ runId: string }>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS },
        async ([job]) => {
          idle.delete(id);
          const taking = take(job.data.runId);
          this.inHand.add(taking);
          try {
            await taking;
          } finally {
            this.inHand.delete(taking);
            idle.add(id);
            // pg-boss waits out the polling interval even after a job: a slot that had one asks again at once.
            this.boss.notifyWorker(id);
          }
        },
      );
      ids.push(id);
      idle.add(id);
    }
    // A queued run wakes this process's idle slots (they race for it with other processes' by SKIP LOCKED;
    // a slot told again while it fetches fetches once more).
    const unlisten = this.notices.onQueued(() => {
      for (const slot of idle) this.boss.notifyWorker(slot);
    });
    return async () => {
      unlisten();
      await Promise.all(ids.map((id) => this.boss.offWork({ id })));
      await Promise.allSettled([...this.inHand]);
    };
  }

  watch(runId: string, listener: () => void): () => void {
    return this.notices.watch(runId, listener);
  }

  watchAll(listener: () => void): () => void {
    return this.notices.watchAll(listener);
  }

  async close(): Promise<void> {
    await this.notices.close();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 1000 });
  }
}

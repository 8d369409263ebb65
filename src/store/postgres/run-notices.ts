import pg from 'pg';
import { QUEUE_CHANNEL, RUN_CHANNEL } from './store.js';
/** The pause before listening again on a new connection after one was lost. */
const RECONNECT_MS = 500;

/**
 * Hears of runs that changed status (completed, failed, paused, resumed), and of runs queued, through
 * LISTEN on a connection of its own, opened at the first `watch` or `onQueued`, and tells their
 * listeners. A lost connection is opened again; every listener is told then, since notices may have
 * been missed meanwhile.
 */
export class RunNotices {
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly queued = new Set<() => void>();
  private readonly everyRun = new Set<() => void>();
  private client: pg.Client | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  /** Calls `listener` soon after `runId` changes status; returns how to stop. */
  watch(runId: string, listener: () => void): () => void {
    if (!this.client && !this.closed) void this.listen();
    let set = this.watchers.get(runId);
    if (!set) this.watchers.set(runId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.watchers.get(runId) === set) this.watchers.delete(runId);
    };
  }

  /** Calls `listener` soon after any run changes status; returns how to stop. */
  watchAll(listener: () => void): () => void {
    if (!this.client && !this.closed) void this.listen();
    this.everyRun.add(listener);
    return () => void this.everyRun.delete(listener);
  }

  /** Calls `listener` soon after a run is queued, by any process; returns how to stop. */
  onQueued(listener: () => void): () => void {
    if (!this.client && !this.closed) void this.listen();
    this.queued.add(listener);
    return () => void this.queued.delete(listener);
  }

  /** Stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    // A watch while a reconnection waits must not open a second connection.
    if (this.closed || this.client) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'skein-notices' });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.listen(), RECONNECT_MS).unref();
      this.ringAll();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === QUEUE_CHANNEL) for (const listener of this.queued) listener();
      else {
        for (const listener of this.watchers.get(n.payload ?? '') ?? []) listener();
        for (const listener of this.everyRun) listener();
      }
    });
    try {
      await client.connect();
      // Closed while connecting: this connection is not the store's any more.
      if (this.client !== client) return void (await client.end());
      await client.query(`LISTEN ${RUN_CHANNEL}; LISTEN ${QUEUE_CHANNEL}`);
      this.ringAll();
    } catch {
      lost();
    }
  }

  private ringAll(): void {
    for (const set of this.watchers.values()) for (const listener of set) listener();
    for (const listener of this.queued) listener();
    for (const listener of this.everyRun) listener();
  }
}

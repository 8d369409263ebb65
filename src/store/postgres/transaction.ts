// Transactions on PostgreSQL that outlive a lost connection (a restart, a failover, a terminated backend).
import type pg from 'pg';

/** A connection inside one transaction, as the store and a dispatcher share it. */
export type Tx = Pick<pg.PoolClient, 'query'>;

/**
 * Runs `fn` in one transaction on a connection of its own. A connection lost before COMMIT was sent
 * is retried on a new one (nothing of the transaction was stored); a loss during COMMIT is retried
 * only when `committed` tells it did not commit (without it, the outcome is unknown: the error is thrown).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (tx: Tx) => Promise<T>,
  committed?: () => Promise<boolean>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let committing = false;
    let result: T | undefined;
    // A connection dropped between two statements is reported by the next one (see ./drop-tolerant-pool.ts).
    const client = await retried(() => pool.connect());
    try {
      await client.query('BEGIN');
      result = await fn(client);
      committing = true;
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      const lost = isConnectionLoss(error);
      if (!lost) await client.query('ROLLBACK').catch(() => {});
      client.release(lost ? (error as Error) : undefined);
      if (!lost || attempt >= RETRIES) throw error;
      await delay(attempt);
      if (committing && (!committed || (await committed()))) {
        if (committed) return result!;
        throw error;
      }
    }
  }
}

/** Attempts at an operation whose connection to PostgreSQL was lost, a growing pause between them. */
const RETRIES = 6;

/** Runs `op`, again after a pause while it fails because the connection was lost or refused. */
export async function retried<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (error) {
      if (!isConnectionLoss(error) || attempt >= RETRIES) throw error;
      await delay(attempt);
    }
  }
}

function delay(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 2000)));
}

/** A connection refused, reset or closed by the server (restart, failover, a terminated backend). */
export function isConnectionLoss(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|57P0[123]|08\w{3})$/.test(e.code)) return true;
  return /Connection terminated|connection (is )?closed|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

/** Whether a row `sql` selects exists: how a write that lost its connection during COMMIT is checked. */
export function rowExists(pool: pg.Pool, sql: string, values: unknown[]): () => Promise<boolean> {
  return async () => ((await retried(() => pool.query(sql, values))).rowCount ?? 0) > 0;
}

/** Whether the last of `events` is stored (none: undefined, the caller's write is checked otherwise). */
export function lastEventStored(
  pool: pg.Pool,
  runId: string,
  events: readonly { seq: number }[],
): (() => Promise<boolean>) | undefined {
  const last = events.at(-1);
  return (
    last && rowExists(pool, 'SELECT 1 FROM skein.events WHERE run_id = $1 AND seq = $2', [runId, last.seq])
  );
}

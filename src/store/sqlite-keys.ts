import type Database from 'better-sqlite3';
import type { IdempotencyClaim, KeyHolder } from '../runtime/index.js';

/**
 * The SQLite store's idempotency keys (`idempotency_keys`, the key its primary key): a key is claimed
 * inside the transaction of the run it makes, unless a claim that has not expired holds it.
 */
export class SqliteKeys {
  private readonly stmt;

  constructor(db: Database.Database) {
    this.stmt = {
      // An expired claim is taken over; a live one is left as it is (no row changes).
      claim: db.prepare(
        `INSERT INTO idempotency_keys (key, run_id, fingerprint, expires_at) VALUES (@key, @runId, @fingerprint, @expiresAt)
         ON CONFLICT (key) DO UPDATE SET run_id = excluded.run_id, fingerprint = excluded.fingerprint, expires_at = excluded.expires_at
         WHERE idempotency_keys.expires_at <= @now`,
      ),
      holder: db.prepare('SELECT run_id AS runId, fingerprint FROM idempotency_keys WHERE key = ?'),
    };
  }

  /** Claims a key for a run (call inside its transaction); the holder when a live claim has it. */
  claim(claim: IdempotencyClaim, runId: string): KeyHolder | undefined {
    if (this.stmt.claim.run({ ...claim, runId, now: Date.now() }).changes === 1) return undefined;
    return this.stmt.holder.get(claim.key) as KeyHolder;
  }
}

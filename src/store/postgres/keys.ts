import type { IdempotencyClaim, KeyHolder } from '../../runtime/index.js';
import type { Tx } from './transaction.js';

/**
 * Claims an idempotency key for a run inside the transaction that creates it (`skein.idempotency_keys`,
 * the key its primary key): a concurrent claim of the same key waits for this one's transaction, then
 * finds the key held. An expired claim is taken over. Returns the holder when a live claim has the key.
 */
export async function claimKey(
  tx: Tx,
  claim: IdempotencyClaim,
  runId: string,
): Promise<KeyHolder | undefined> {
  const { rowCount } = await tx.query(
    `INSERT INTO skein.idempotency_keys (key, run_id, fingerprint, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET run_id = EXCLUDED.run_id, fingerprint = EXCLUDED.fingerprint, expires_at = EXCLUDED.expires_at
     WHERE skein.idempotency_keys.expires_at <= $5`,
    [claim.key, runId, claim.fingerprint, claim.expiresAt, Date.now()],
  );
  if (rowCount === 1) return undefined;
  const { rows } = await tx.query<KeyHolder>(
    'SELECT run_id AS "runId", fingerprint FROM skein.idempotency_keys WHERE key = $1',
    [claim.key],
  );
  return rows[0];
}

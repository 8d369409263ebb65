import type { IdempotencyClaim, KeyHolder } from '../runtime/index.js';

/** The memory store's idempotency keys: the run that claimed each, until the key expires. */
export class MemoryKeys {
  private readonly keys = new Map<string, KeyHolder & { expiresAt: number }>();

  /** Claims `claim`'s key for `runId`; returns the run that holds it already, if one does. */
  claim(claim: IdempotencyClaim, runId: string): KeyHolder | undefined {
    const held = this.keys.get(claim.key);
    if (held && held.expiresAt > Date.now()) return { runId: held.runId, fingerprint: held.fingerprint };
    this.keys.set(claim.key, { runId, fingerprint: claim.fingerprint, expiresAt: claim.expiresAt });
    return undefined;
  }

  /** Deletes the keys that expired, and those of `runIds`. */
  drop(runIds: ReadonlySet<string> = new Set()): void {
    const now = Date.now();
    for (const [key, held] of this.keys)
      if (held.expiresAt <= now || runIds.has(held.runId)) this.keys.delete(key);
  }
}

import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

/** How long a running run stays claimed without a renewal. */
export const LEASE_MS = 30_000;

/** This process's owner id: `host:pid:nonce`. */
export const OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Whether the process that holds a running run is gone: on this host, its pid no longer exists;
 * elsewhere, its lease has expired.
 */
export function ownerIsGone(
  owner: string | undefined,
  leaseUntil: number | undefined,
  now = Date.now(),
): boolean {
  if (!owner) return true;
  const [host, pid] = owner.split(':');
  if (host === hostname() && pid) {
    try {
      process.kill(Number(pid), 0);
      return Number(pid) === process.pid && owner !== OWNER;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
  return (leaseUntil ?? 0) < now;
}

// Connections PostgreSQL drops (a restart, a failover, a terminated backend) must not end the process.
import type pg from 'pg';

/**
 * Makes `pool` outlive connections the server drops. `pg` reports a dropped connection as an 'error'
 * event on its client when no query is running on it, and an 'error' without a listener ends the
 * process. The pool's own listener covers a client only while it is idle: one handed to a caller (a
 * transaction between two statements, or one handed over in the same socket read that brings the
 * termination, before the caller's promise resolves) had none. Now each client keeps one for life;
 * the pool still discards an idle one, and one in use fails its next query, which the caller sees.
 */
export function dropTolerant<P extends pg.Pool>(pool: P): P {
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

function ignore(): void {}

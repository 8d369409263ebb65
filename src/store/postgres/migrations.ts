import type { Pool } from 'pg';

/**
 * The schema, one numbered step at a time. A step, once released, never changes: a later change is
 * a new step. Every database records the steps it has in `skein.migrations`.
 */
const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE skein.runs (
  id TEXT PRIMARY KEY,
  position BIGSERIAL NOT NULL UNIQUE,
  skill_id TEXT NOT NULL,
  skill_version TEXT NOT NULL,
  skill_source TEXT NOT NULL,
  skill_graph TEXT,
  input TEXT,
  status TEXT NOT NULL,
  output TEXT,
  error TEXT,
  awaiting TEXT,
  parent_run_id TEXT,
  owner TEXT,
  lease_until BIGINT,
  cancel_requested BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX runs_status ON skein.runs (status, position);
CREATE INDEX runs_skill ON skein.runs (skill_id, position);
CREATE TABLE skein.nodes (
  run_id TEXT NOT NULL REFERENCES skein.runs (id) ON DELETE CASCADE,
  node TEXT NOT NULL,
  position BIGSERIAL NOT NULL,
  status TEXT NOT NULL,
  writes TEXT NOT NULL,
  chosen TEXT,
  child_run_id TEXT,
  PRIMARY KEY (run_id, node)
);
CREATE TABLE skein.events (
  run_id TEXT NOT NULL REFERENCES skein.runs (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);`,
  },
  {
    // Runs found by a prefix of their id (`skein inspect 0f3a1b2c`): LIKE 'prefix%' needs this opclass.
    version: 2,
    sql: `CREATE INDEX runs_id_prefix ON skein.runs (id text_pattern_ops);`,
  },
  {
    // Webhooks: a run's own receiver, and the outbox written with each status change.
    version: 3,
    sql: `
ALTER TABLE skein.runs ADD COLUMN IF NOT EXISTS webhook TEXT;
CREATE TABLE IF NOT EXISTS skein.webhook_deliveries (
  id TEXT PRIMARY KEY,
  position BIGSERIAL NOT NULL UNIQUE,
  run_id TEXT NOT NULL,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  delivered_at TEXT
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON skein.webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_run ON skein.webhook_deliveries (run_id);`,
  },
  {
    // Runs pinned to their skill's files: a digest per run, each digest's files stored once.
    version: 4,
    sql: `
ALTER TABLE skein.runs ADD COLUMN IF NOT EXISTS skill_digest TEXT;
CREATE INDEX IF NOT EXISTS runs_digest ON skein.runs (skill_digest);
CREATE TABLE IF NOT EXISTS skein.skill_sources (
  digest TEXT PRIMARY KEY,
  files TEXT NOT NULL
);`,
  },
  {
    // Idempotency keys of starts: one run per key while its claim lasts (the primary key decides).
    version: 5,
    sql: `
CREATE TABLE IF NOT EXISTS skein.idempotency_keys (
  key TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS idempotency_keys_expiry ON skein.idempotency_keys (expires_at);
CREATE INDEX IF NOT EXISTS idempotency_keys_run ON skein.idempotency_keys (run_id);`,
  },
  {
    // Forks: a run's parent run and the step it ran again from.
    version: 6,
    sql: `
ALTER TABLE skein.runs ADD COLUMN IF NOT EXISTS forked_from_run TEXT;
ALTER TABLE skein.runs ADD COLUMN IF NOT EXISTS forked_from_step TEXT;
CREATE INDEX IF NOT EXISTS runs_forked_from ON skein.runs (forked_from_run);`,
  },
  {
    // Retention: a pruned run's child runs are found by their parent.
    version: 7,
    sql: `CREATE INDEX IF NOT EXISTS runs_parent ON skein.runs (parent_run_id);`,
  },
];

/** The newest schema version this Skein knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

/**
 * Brings the database to the newest schema: the steps it lacks, in order, in one transaction under an
 * advisory lock, so that processes starting together migrate once. A database newer than this Skein
 * is refused rather than written with an older shape.
 */
export async function migrate(pool: Pool): Promise<void> {
  // A connection dropped during the migration fails its next query (the pool is drop-tolerant).
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('skein.migrations'))`);
    await client.query('CREATE SCHEMA IF NOT EXISTS skein');
    await client.query(
      'CREATE TABLE IF NOT EXISTS skein.migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM skein.migrations',
    );
    const current = rows[0].version ?? 0;
    if (current > SCHEMA_VERSION)
      throw new Error(
        `the PostgreSQL store has schema version ${current}, newer than this Skein's ${SCHEMA_VERSION}; upgrade Skein`,
      );
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO skein.migrations (version) VALUES ($1)', [m.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

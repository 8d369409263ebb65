import pg from 'pg';

/** The machine's PostgreSQL (`SKEIN_TEST_PG` overrides), where tests create databases of their own. */
const ADMIN_URL = process.env.SKEIN_TEST_PG ?? 'postgres://root@127.0.0.1:5432/test';

let available: Promise<boolean> | undefined;

/** Whether PostgreSQL answers; when it does not, says so once, visibly, so skipped tests are noticed. */
export function postgresAvailable(): Promise<boolean> {
  available ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      console.warn(
        `NOTICE: PostgreSQL tests skipped: no PostgreSQL at ${ADMIN_URL} (${(error as Error).message})`,
      );
      return false;
    }
  })();
  return available;
}

/** A fresh database named `skein_i18_<name>_<pid>_<n>`; `drop` removes it (closing its connections first). */
export async function createDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const db = `skein_i18_${name}_${process.pid}_${++count}`;
  await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${db}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  return {
    url: url.toString(),
    drop: async () => void (await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)),
  };
}

let count = 0;

/** Runs one statement as the administrator. */
export async function admin(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** Terminates every connection to the database at `url` (as a restart or a failover would); returns how many. */
export async function terminateConnections(url: string): Promise<number> {
  const { rows } = await admin(
    'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [new URL(url).pathname.slice(1)],
  );
  return rows[0].n;
}

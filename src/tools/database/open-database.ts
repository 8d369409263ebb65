import { postgresDatabase } from './postgres.js';
import type { SqlDatabase } from './sql-database.js';
import { sqliteDatabase } from './sqlite.js';

/** The database a URL names: `sqlite:<path>` (or `sqlite::memory:`), `postgres://…` or `postgresql://…`. Nothing connects until the first query. */
export function openDatabase(url: string): SqlDatabase {
  if (url.startsWith('sqlite:'))
    return sqliteDatabase(url === 'sqlite::memory:' ? ':memory:' : url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//i.test(url)) return postgresDatabase(url);
  throw new Error(
    `tools.database.url "${url.split(':')[0]}:…" is not supported; use sqlite:<path> or postgres://user@host/db`,
  );
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteOptions } from '../../sqlite/addon.js';
import type { SqlDatabase } from './sql-database.js';

/** A SQLite file (or `:memory:`) through better-sqlite3, opened on the first query; missing folders are created. */
export function sqliteDatabase(path: string): SqlDatabase {
  let db: BetterSqlite3.Database | undefined;
  const open = async () => {
    if (!db) {
      const { default: Database } = await import('better-sqlite3');
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
      db = new Database(path, sqliteOptions());
    }
    return db;
  };
  return {
    placeholder: () => '?',
    async query(sql, values) {
      const statement = (await open()).prepare(sql);
      const bound = values.map(toSqliteValue);
      if (statement.reader) {
        const rows = statement.all(...bound) as Record<string, unknown>[];
        return { rows, rowCount: rows.length };
      }
      return { rows: [], rowCount: statement.run(...bound).changes };
    },
    async close() {
      db?.close();
      db = undefined;
    },
  };
}

/** SQLite binds numbers, text, bigints, buffers and null: booleans become 1/0, dates ISO text, arrays and objects JSON text. */
function toSqliteValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

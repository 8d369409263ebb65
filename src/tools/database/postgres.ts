import type { Pool } from 'pg';
import { importOptional } from '../../ir/optional-packages.js';
import { dropTolerant } from '../../store/postgres/drop-tolerant-pool.js';
import type { SqlDatabase } from './sql-database.js';

const INT8_OID = 20;

/** A PostgreSQL database through a `pg` pool, created on the first query and ended by `close()`. */
export function postgresDatabase(url: string): SqlDatabase {
  let pool: Pool | undefined;
  const open = async () => {
    if (!pool) {
      const { default: pg } = await importOptional('postgres', () => import('pg'));
      pool = dropTolerant(
        new pg.Pool({
          connectionString: url,
          // bigint results (count(*), sums of integers) come back as numbers when they fit exactly.
          types: {
            getTypeParser: (oid: number, format?: string) =>
              oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text'),
          },
        }),
      );
    }
    return pool;
  };
  return {
    placeholder: (n) => `$${n}`,
    async query(sql, values) {
      const result = await (
        await open()
      ).query({ text: sql, values: values.map((v) => (v === undefined ? null : v)) });
      const returnsRows = result.fields.length > 0;
      return {
        rows: returnsRows ? result.rows : [],
        rowCount: returnsRows ? result.rows.length : (result.rowCount ?? 0),
      };
    },
    async close() {
      const ending = pool;
      pool = undefined;
      await ending?.end();
    },
  };
}

function parseInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

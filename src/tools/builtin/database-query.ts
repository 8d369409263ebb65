import { Interpolated } from '../../ir/expr.js';
import { bindSql, type BoundSql } from '../database/bind-sql.js';
import type { SqlDatabase } from '../database/sql-database.js';
import { defineTool, type Tool } from '../../runtime/index.js';

/**
 * `database.query`: runs one SQL statement on the configured database. Values interpolated into
 * `query` with `{{ }}` are bound as parameters, never spliced (see `bindSql`); a plain query may
 * take `params` instead. Writes `result` (row objects; empty for statements that return no rows)
 * and `rowCount` (rows returned or changed).
 */
export function databaseQueryTool(database: SqlDatabase): Tool {
  return defineTool({
    name: 'database.query',
    description:
      'Runs one SQL statement; {{ }} values in the query are bound as parameters, never spliced into the SQL.',
    source: 'built-in',
    bindsValues: true,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'One SQL statement' },
        params: {
          type: 'array',
          description:
            'Values for ? (SQLite) or $1… (PostgreSQL) placeholders written in a query without {{ }}',
        },
      },
      required: ['query'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        result: { type: 'array', items: { type: 'object' }, description: 'Rows returned' },
        rowCount: { type: 'integer', description: 'Rows returned, or rows changed' },
      },
    },
    async execute(input) {
      const { sql, values } = toBoundSql(input.query, input.params as unknown[] | undefined, database);
      try {
        const { rows, rowCount } = await database.query(sql, values);
        return { result: rows, rowCount };
      } catch (e) {
        throw new Error(`SQL error: ${(e as Error).message} (in: ${sql})`, { cause: e });
      }
    },
  });
}

function toBoundSql(query: unknown, params: unknown[] | undefined, database: SqlDatabase): BoundSql {
  const given = (params ?? []).map((p) => (p instanceof Interpolated ? p.text : p));
  if (query instanceof Interpolated && query.strings.every((s) => s.trim() === ''))
    throw new Error(
      'the whole query comes from a value ("{{sql}}"): SQL built as text in an earlier step cannot be told apart from the values spliced into it, so it is not run. ' +
        'Write the SQL in "query" itself with {{ }} around each value (query: "SELECT * FROM users WHERE name = {{name}}"), or with placeholders and "params"',
    );
  const bound =
    query instanceof Interpolated && query.values.length > 0
      ? bindSql(query, (n) => database.placeholder(n))
      : { sql: String(query), values: given };
  if (given.length && query instanceof Interpolated && query.values.length > 0)
    throw new Error('"query" has {{ }} values and "params" is given too; use one or the other');
  refuseNul(bound);
  return bound;
}

/** A NUL byte ends a C string: in SQL text or a bound value it can change what a query matches. */
function refuseNul({ sql, values }: BoundSql): void {
  if (sql.includes('\0')) throw new Error('the query contains a NUL byte (\\0); remove it');
  values.forEach((value, i) => {
    if (typeof value === 'string' && value.includes('\0'))
      throw new Error(
        `value ${i + 1} of the query contains a NUL byte (\\0), which SQL values cannot hold; remove it`,
      );
  });
}

import { formatValue } from '../../expr/index.js';
import type { Interpolated } from '../../ir/expr.js';

/** SQL text with placeholders, and the values bound to them in order. */
export interface BoundSql {
  sql: string;
  values: unknown[];
}

type Piece = { text: string } | { placeholder: string };

/**
 * Turns interpolated SQL into parameterized SQL: every value becomes a placeholder made by
 * `placeholder(n)` (n from 1) and is bound, never spliced into the text. A value written inside a
 * quoted literal binds as its text and takes the quotes with it: `'{{x}}'` and `"{{x}}"` become
 * `?`, and `'%{{x}}%'` becomes `('%' || ? || '%')`. A value inside an SQL comment is an error.
 */
export function bindSql(query: Interpolated, placeholder: (n: number) => string): BoundSql {
  const values: unknown[] = [];
  let sql = '';
  let state: 'code' | 'line-comment' | 'block-comment' | "'" | '"' = 'code';
  let literalRaw = '';
  let literalText = '';
  let pieces: Piece[] = [];

  const closeLiteral = () => {
    if (!pieces.length) {
      sql += literalRaw;
      return;
    }
    if (literalText) pieces.push({ text: literalText });
    const parts = pieces.map((p) =>
      'placeholder' in p ? p.placeholder : `'${p.text.replaceAll("'", "''")}'`,
    );
    sql += parts.length === 1 ? parts[0] : `(${parts.join(' || ')})`;
  };

  for (let index = 0; index < query.strings.length; index++) {
    const chunk = query.strings[index];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      const next = chunk[i + 1];
      if (state === 'code') {
        if (c === "'" || c === '"') {
          state = c;
          literalRaw = c;
          literalText = '';
          pieces = [];
          continue;
        }
        if (c === '-' && next === '-') state = 'line-comment';
        else if (c === '/' && next === '*') {
          state = 'block-comment';
          sql += '/*';
          i++;
          continue;
        }
        sql += c;
      } else if (state === 'line-comment') {
        sql += c;
        if (c === '\n') state = 'code';
      } else if (state === 'block-comment') {
        sql += c;
        if (c === '*' && next === '/') {
          sql += '/';
          i++;
          state = 'code';
        }
      } else if (c === state && next === state) {
        // A doubled quote inside a literal is one quote character.
        literalRaw += c + next;
        literalText += c;
        i++;
      } else if (c === state) {
        literalRaw += c;
        state = 'code';
        closeLiteral();
      } else {
        literalRaw += c;
        literalText += c;
      }
    }
    if (index === query.values.length) break;
    const value = query.values[index];
    if (state === 'code') {
      values.push(value);
      sql += placeholder(values.length);
    } else if (state === "'" || state === '"') {
      if (literalText) pieces.push({ text: literalText });
      literalText = '';
      values.push(formatValue(value));
      pieces.push({ placeholder: placeholder(values.length) });
    } else {
      throw new Error(
        `value ${index + 1} of the query is inside an SQL comment, where it cannot be bound; move it out of the comment`,
      );
    }
  }
  if (state === "'" || state === '"') throw new Error(`the query has an unclosed ${state} quote`);
  return { sql, values };
}

import type { LiteralExpr } from './ast.js';
import type { TextCursor } from './text-cursor.js';

/** A cursor that can report a compile error at an offset. */
type FailingCursor = TextCursor & { fail(message: string, offset?: number): never };

/**
 * Parses `"…"` or `'…'` at the cursor with backslash escapes: `\uXXXX` and the letters of `escapes`
 * (`n` → newline, …); any other escaped character stands for itself.
 */
export function parseStringLiteral(
  sc: FailingCursor,
  escapes: Readonly<Record<string, string>>,
): LiteralExpr {
  const start = sc.pos;
  const quote = sc.take(1);
  let value = '';
  for (;;) {
    if (sc.done) sc.fail(`unterminated string: add the closing ${quote}`, start);
    const c = sc.take(1);
    if (c === quote) return { kind: 'literal', value, start, end: sc.pos };
    if (c !== '\\') value += c;
    else if (sc.peek() === 'u' && /^[0-9a-fA-F]{4}$/.test(sc.source.slice(sc.pos + 1, sc.pos + 5))) {
      value += String.fromCharCode(parseInt(sc.source.slice(sc.pos + 1, sc.pos + 5), 16));
      sc.pos += 5;
    } else {
      if (sc.done) sc.fail(`unterminated string: add the closing ${quote}`, start);
      const e = sc.take(1);
      value += escapes[e] ?? e;
    }
  }
}

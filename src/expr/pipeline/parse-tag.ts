import type { ComparisonOperator, Expr, LiteralExpr, PathExpr, Segment } from '../ast.js';
import { Cursor } from './cursor.js';
import { pipes } from './pipes/index.js';
import { unescape } from './unescape.js';

const KEYWORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };
const COMPARISONS: readonly [string, ComparisonOperator][] = [
  ['===', '=='],
  ['!==', '!='],
  ['==', '=='],
  ['!=', '!='],
  ['<=', '<='],
  ['>=', '>='],
  ['<', '<'],
  ['>', '>'],
];
const INDEX = /^(?:0|[1-9]\d*)$/;
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parses the inside of one `{{ }}` tag, `source[start, end)`, in the pipeline syntax:
 * `value | pipe: arg: arg | pipe`, where a value is `a || b` (the first that is not missing, null or ""),
 * `a && b`, `!a`, one comparison (`== != < > <= >=`), parentheses, a path (`input.x`, `steps.s.items[0]`)
 * or a literal. A pipe `x | name: a: b` is the call `name(x, a, b)`; its arguments are literals, and a bare
 * word is text (`map: snippet`, `join: \n`).
 */
export function parseTag(source: string, start: number, end: number): Expr {
  const c = new Cursor(source, start, end);
  c.skipSpace();
  if (c.done) c.fail('empty {{ }}: write a value such as {{input.topic}}', start, end - start);
  const expr = parsePipes(c);
  c.skipSpace();
  if (!c.done) {
    const hint = c.peek() === '|' ? '' : '; pipes are written "value | name: argument"';
    c.fail(`unexpected ${c.describeNext()} after the value${hint}`);
  }
  return expr;
}

function parsePipes(c: Cursor): Expr {
  let value = parseOr(c);
  for (;;) {
    c.skipSpace();
    if (c.peek() !== '|' || c.peek(1) === '|') return value;
    c.pos++;
    c.skipSpace();
    const nameAt = c.pos;
    const length = c.nameLength();
    if (!length)
      c.fail(
        `expected a pipe name after |, such as map, join, slice, default or json; found ${c.describeNext()}`,
      );
    const name = c.take(length);
    if (!Object.hasOwn(pipes, name))
      c.fail(`unknown pipe "${name}"; the pipes are ${Object.keys(pipes).join(', ')}`, nameAt, length);
    const args: Expr[] = [value];
    c.skipSpace();
    if (c.eat(':')) args.push(...parsePipeArguments(c, name));
    value = {
      kind: 'call',
      name,
      args,
      start: nameAt,
      end: args.length > 1 ? args[args.length - 1].end : nameAt + length,
    };
  }
}

/** Reads `a: b: c` up to the next single `|` or the end of the tag; each argument is a literal. */
function parsePipeArguments(c: Cursor, pipe: string): Expr[] {
  const args: Expr[] = [];
  let argStart = c.pos;
  let quote = '';
  for (; ; c.pos++) {
    const ch = c.peek();
    if (quote) {
      if (c.done)
        c.fail(`unterminated string in the arguments of ${pipe}: add the closing ${quote}`, argStart);
      if (ch === '\\') c.pos++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (c.done || ch === ':' || (ch === '|' && c.peek(1) !== '|')) {
      args.push(pipeArgument(c, argStart, c.pos, pipe));
      if (ch !== ':') return args;
      argStart = c.pos + 1;
    }
  }
}

function pipeArgument(c: Cursor, from: number, to: number, pipe: string): LiteralExpr {
  const raw = c.source.slice(from, to);
  const text = raw.trim();
  const start = from + raw.indexOf(text);
  const end = start + text.length;
  if (!text)
    c.fail(
      `an argument of ${pipe} is empty; write a value after ":", e.g. join: ", "`,
      from,
      Math.max(1, to - from),
    );
  const quoted = text.length >= 2 && (text[0] === "'" || text[0] === '"') && text.endsWith(text[0]);
  if (quoted) return { kind: 'literal', value: unescape(text.slice(1, -1)), start, end };
  if (NUMBER.test(text)) return { kind: 'literal', value: Number(text), start, end };
  if (Object.hasOwn(KEYWORDS, text)) return { kind: 'literal', value: KEYWORDS[text], start, end };
  return { kind: 'literal', value: unescape(text), start, end };
}

function parseOr(c: Cursor): Expr {
  const first = parseAnd(c);
  const parts = [first];
  for (;;) {
    c.skipSpace();
    if (!c.eat('||')) break;
    parts.push(parseAnd(c));
  }
  if (parts.length === 1) return first;
  return { kind: 'call', name: 'or', args: parts, start: first.start, end: parts[parts.length - 1].end };
}

function parseAnd(c: Cursor): Expr {
  let left = parseNot(c);
  for (;;) {
    c.skipSpace();
    if (!c.eat('&&')) return left;
    const right = parseNot(c);
    left = { kind: 'binary', operator: '&&', left, right, start: left.start, end: right.end };
  }
}

function parseNot(c: Cursor): Expr {
  c.skipSpace();
  const start = c.pos;
  if (c.peek() === '!' && c.peek(1) !== '=') {
    c.pos++;
    const operand = parseNot(c);
    return { kind: 'unary', operator: '!', operand, start, end: operand.end };
  }
  return parseComparison(c);
}

function parseComparison(c: Cursor): Expr {
  const left = parsePrimary(c);
  c.skipSpace();
  for (const [text, operator] of COMPARISONS) {
    if (!c.eat(text)) continue;
    const right = parsePrimary(c);
    return { kind: 'binary', operator, left, right, start: left.start, end: right.end };
  }
  return left;
}

function parsePrimary(c: Cursor): Expr {
  c.skipSpace();
  const start = c.pos;
  const ch = c.peek();
  if (c.eat('(')) {
    const inner = parsePipes(c);
    c.skipSpace();
    if (!c.eat(')')) c.fail(`( is not closed: add ) after the expression (found ${c.describeNext()})`, start);
    return inner;
  }
  if (ch === '"' || ch === "'") return parseString(c);
  const number = c.numberLength();
  if (number && number >= c.nameLength())
    return { kind: 'literal', value: Number(c.take(number)), start, end: c.pos };
  const length = c.nameLength();
  if (!length)
    c.fail(
      `expected a value (a path such as input.topic, a number, a quoted string, true, false or null); found ${c.describeNext()}`,
    );
  const word = c.source.slice(c.pos, c.pos + length);
  if (Object.hasOwn(KEYWORDS, word)) {
    c.pos += length;
    return { kind: 'literal', value: KEYWORDS[word], start, end: c.pos };
  }
  return parsePath(c);
}

function parseString(c: Cursor): LiteralExpr {
  const start = c.pos;
  const quote = c.take(1);
  for (;;) {
    if (c.done) c.fail(`unterminated string: add the closing ${quote}`, start);
    const ch = c.take(1);
    if (ch === '\\') c.pos++;
    else if (ch === quote)
      return { kind: 'literal', value: unescape(c.source.slice(start + 1, c.pos - 1)), start, end: c.pos };
  }
}

/** `a`, `a.b`, `a.0`, `a[2]`, `a["key"]`. */
function parsePath(c: Cursor): PathExpr {
  const start = c.pos;
  const root = c.take(c.nameLength());
  const segments: Segment[] = [];
  for (;;) {
    if (c.at('.')) {
      c.pos++;
      const length = c.nameLength();
      if (!length)
        c.fail(`expected a field name after "${c.source.slice(start, c.pos)}"; found ${c.describeNext()}`);
      const key = c.take(length);
      segments.push(INDEX.test(key) ? { kind: 'index', index: Number(key) } : { kind: 'field', name: key });
    } else if (c.at('[')) {
      const open = c.pos++;
      c.skipSpace();
      const ch = c.peek();
      if (ch === '"' || ch === "'") segments.push({ kind: 'field', name: String(parseString(c).value) });
      else {
        const digits = c.numberLength();
        const text = c.source.slice(c.pos, c.pos + digits);
        if (!INDEX.test(text))
          c.fail(
            `an index is a whole number or a quoted key, e.g. items[0] or data["a b"]; found ${c.describeNext()}`,
          );
        c.pos += digits;
        segments.push({ kind: 'index', index: Number(text) });
      }
      c.skipSpace();
      if (!c.eat(']')) c.fail(`[ is not closed: add ] after the index (found ${c.describeNext()})`, open);
    } else return { kind: 'path', root, segments, start, end: c.pos };
  }
}

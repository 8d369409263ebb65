import type { ArithmeticOperator, Expr, PathExpr, Segment } from '../ast.js';
import type { Scanner } from './scanner.js';
import { parseStringLiteral } from '../string-literal.js';
import { built } from '../depth.js';

const KEYWORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };
const INDEX = /^(?:0|[1-9]\d*)$/;
const DIGITS = /\d+/y;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r' };

/**
 * Parses the expression language of `{{ }}`: `+ - * /` (usual precedence), unary minus, parentheses,
 * paths and literals. Stops before the first thing that cannot continue the expression.
 */
export function parseExpression(sc: Scanner): Expr {
  return parseSum(sc, '');
}

function parseSum(sc: Scanner, after: string): Expr {
  let left = parseProduct(sc, after);
  for (;;) {
    sc.skipSpace();
    const operator = sc.peek();
    if (operator !== '+' && operator !== '-') return left;
    sc.pos++;
    left = binary(sc, operator, left, parseProduct(sc, operator));
  }
}

function parseProduct(sc: Scanner, after: string): Expr {
  let left = parseUnary(sc, after);
  for (;;) {
    sc.skipSpace();
    const operator = sc.peek();
    if (operator !== '*' && operator !== '/') return left;
    sc.pos++;
    left = binary(sc, operator, left, parseUnary(sc, operator));
  }
}

function parseUnary(sc: Scanner, after: string): Expr {
  return sc.nested(
    () => parseUnaryHere(sc, after),
    (m) => sc.fail(m),
  );
}

function parseUnaryHere(sc: Scanner, after: string): Expr {
  sc.skipSpace();
  const start = sc.pos;
  if (sc.eat('-')) {
    const operand = parseUnary(sc, '-');
    return built({ kind: 'unary', operator: '-', operand, start, end: operand.end }, [operand], (m) =>
      sc.fail(m),
    );
  }
  if (sc.eat('(')) {
    const inner = parseSum(sc, '(');
    sc.skipSpace();
    if (!sc.eat(')'))
      sc.fail(`( is not closed: add ) after the expression (found ${sc.describeNext()})`, start);
    return inner;
  }
  const atom = parseAtom(sc);
  if (atom) return atom;
  return sc.fail(
    `expected a value${after ? ` after ${after}` : ''} (a variable, number, quoted string, true, false or null); found ${sc.describeNext()}`,
  );
}

function binary(sc: Scanner, operator: ArithmeticOperator, left: Expr, right: Expr): Expr {
  const node: Expr = { kind: 'binary', operator, left, right, start: left.start, end: right.end };
  return built(node, [left, right], (m) => sc.fail(m, left.start));
}

/** Parses a quoted string, a number, `true`/`false`/`null` or a path; undefined if none starts here. */
export function parseAtom(sc: Scanner): Expr | undefined {
  const c = sc.peek();
  if (c === '"' || c === "'") return parseStringLiteral(sc, ESCAPES);
  const number = sc.numberLength();
  const word = sc.nameLength();
  if (number && number >= word) {
    const start = sc.pos;
    return { kind: 'literal', value: Number(sc.take(number)), start, end: sc.pos };
  }
  if (!word) return undefined;
  const name = sc.source.slice(sc.pos, sc.pos + word);
  if (Object.hasOwn(KEYWORDS, name)) {
    const start = sc.pos;
    sc.pos += word;
    return { kind: 'literal', value: KEYWORDS[name], start, end: sc.pos };
  }
  return parsePath(sc, true);
}

/**
 * Parses a path at a name: `a`, `a.b`, `a.0`, `a[2]`, `a[#i]`, `_.field`. A variable index is itself a
 * name or a dotted path (`brackets` false), without brackets.
 */
export function parsePath(sc: Scanner, brackets: boolean): PathExpr {
  const start = sc.pos;
  const root = sc.take(sc.nameLength());
  const segments: Segment[] = [];
  for (;;) {
    if (sc.at('.') && sc.nameLength(sc.pos + 1)) {
      sc.pos++;
      const key = sc.take(sc.nameLength());
      segments.push(INDEX.test(key) ? { kind: 'index', index: Number(key) } : { kind: 'field', name: key });
    } else if (sc.at('.')) {
      const before = sc.source.slice(start, ++sc.pos);
      sc.fail(`expected a field name after "${before}"; found ${sc.describeNext()}`);
    } else if (brackets && sc.at('[')) {
      segments.push(parseIndex(sc));
    } else {
      return { kind: 'path', root, segments, start, end: sc.pos };
    }
  }
}

function parseIndex(sc: Scanner): Segment {
  const open = sc.pos++;
  sc.skipSpace();
  let segment: Segment;
  if (sc.eat('#')) {
    if (!sc.nameLength())
      sc.fail(`expected a variable name after [#, e.g. items[#index]; found ${sc.describeNext()}`);
    segment = { kind: 'variable-index', index: parsePath(sc, false) };
  } else {
    DIGITS.lastIndex = sc.pos;
    const digits = DIGITS.test(sc.source) ? DIGITS.lastIndex - sc.pos : 0;
    if (!digits || sc.nameLength() > digits)
      sc.fail(
        `an index is a whole number or #variable, e.g. items[0] or items[#index]; found ${sc.describeNext()}`,
      );
    segment = { kind: 'index', index: Number(sc.take(digits)) };
  }
  sc.skipSpace();
  if (!sc.eat(']')) sc.fail(`[ is not closed: add ] after the index (found ${sc.describeNext()})`, open);
  return segment;
}

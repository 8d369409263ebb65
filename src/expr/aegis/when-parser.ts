import type { ComparisonOperator, Expr, Span } from '../ast.js';
import { parseAtom, parseExpression } from './expr-parser.js';
import { Scanner } from './scanner.js';
import { failAfterExpression } from './trailing.js';

/** A parsed guard and the spans of its `{{ }}` operands (runtime errors point at them). */
export interface ParsedWhen {
  readonly expr: Expr;
  readonly tags: readonly Span[];
}

const COMPARISONS: readonly ComparisonOperator[] = ['==', '!=', '<=', '>=', '<', '>'];
const OPERANDS = '(a variable, {{expression}}, number, quoted string, true, false or null)';
const WORDS: Readonly<Record<string, string>> = { and: '&&', or: '||' };

/**
 * Parses a `when` guard: `||`, `&&` (tighter), `!`, parentheses and the six comparisons between operands:
 * `{{ expr }}`, bare paths, numbers, quoted strings, `true`, `false`, `null`. Throws CompileError.
 */
export function parseWhen(source: string): ParsedWhen {
  const sc = new Scanner(source);
  const tags: Span[] = [];
  sc.skipSpace();
  if (sc.done)
    sc.fail('empty condition: write one such as confirm == true or {{count}} > 10', 0, source.length);
  const expr = parseOr(sc, tags, '');
  sc.skipSpace();
  if (!sc.done) failAfterOperand(sc, 'the end');
  return { expr, tags };
}

function parseOr(sc: Scanner, tags: Span[], after: string): Expr {
  let left = parseAnd(sc, tags, after);
  for (;;) {
    sc.skipSpace();
    if (!sc.eat('||')) return left;
    const right = parseAnd(sc, tags, '||');
    left = { kind: 'binary', operator: '||', left, right, start: left.start, end: right.end };
  }
}

function parseAnd(sc: Scanner, tags: Span[], after: string): Expr {
  let left = parseComparison(sc, tags, after);
  for (;;) {
    sc.skipSpace();
    if (!sc.eat('&&')) return left;
    const right = parseComparison(sc, tags, '&&');
    left = { kind: 'binary', operator: '&&', left, right, start: left.start, end: right.end };
  }
}

function parseComparison(sc: Scanner, tags: Span[], after: string): Expr {
  const left = parseNot(sc, tags, after);
  const operator = comparison(sc);
  if (!operator) return left;
  const right = parseNot(sc, tags, operator);
  sc.skipSpace();
  const next = sc.pos;
  if (comparison(sc)) sc.fail('comparisons cannot be chained: write a < b && b < c', next, sc.pos - next);
  return { kind: 'binary', operator, left, right, start: left.start, end: right.end };
}

/** Reads a comparison operator if one is next, rejecting `=`, `===` and `!==`. */
function comparison(sc: Scanner): ComparisonOperator | undefined {
  sc.skipSpace();
  if (sc.at('===') || sc.at('!=='))
    sc.fail(
      `use ${sc.peek()}= (there is no ${sc.source.slice(sc.pos, sc.pos + 3)}; == never converts types)`,
      sc.pos,
      3,
    );
  if (sc.at('=') && !sc.at('=='))
    sc.fail('use == to compare (a single = is not an operator), e.g. confirm == true');
  const operator = COMPARISONS.find((op) => sc.at(op));
  if (operator) sc.pos += operator.length;
  return operator;
}

function parseNot(sc: Scanner, tags: Span[], after: string): Expr {
  sc.skipSpace();
  const start = sc.pos;
  if (sc.at('!') && !sc.at('!=')) {
    sc.pos++;
    const operand = parseNot(sc, tags, '!');
    return { kind: 'unary', operator: '!', operand, start, end: operand.end };
  }
  return parseOperand(sc, tags, after);
}

function parseOperand(sc: Scanner, tags: Span[], after: string): Expr {
  sc.skipSpace();
  const start = sc.pos;
  if (sc.eat('(')) {
    const inner = parseOr(sc, tags, '(');
    sc.skipSpace();
    if (sc.eat(')')) return inner;
    if (sc.done) sc.fail('( is not closed: add )', start);
    failAfterOperand(sc, ')');
  }
  if (sc.eat('{{')) {
    if (sc.source.indexOf('}}', sc.pos) === -1) sc.fail('unclosed {{: add }} after the expression', start, 2);
    sc.skipSpace();
    if (sc.at('}}'))
      sc.fail(
        'empty {{}}: put a variable or an expression inside, e.g. {{count}}',
        start,
        sc.pos + 2 - start,
      );
    const expr = parseExpression(sc);
    sc.skipSpace();
    if (!sc.eat('}}')) failAfterExpression(sc, start);
    tags.push({ start, end: sc.pos });
    return expr;
  }
  if (sc.eat('-')) {
    const number = sc.numberLength();
    if (!number)
      sc.fail('a minus sign here must start a number, e.g. -5; for arithmetic write {{a - b}}', start);
    return { kind: 'literal', value: -Number(sc.take(number)), start, end: sc.pos };
  }
  const atom = parseAtom(sc);
  if (atom?.kind === 'path' && atom.root === 'not' && atom.segments.length === 0) {
    sc.skipSpace();
    if (sc.nameLength() || sc.at('(') || sc.at('{{')) sc.fail('use ! instead of not', atom.start, 3);
  }
  if (atom) return atom;
  return sc.fail(
    `expected an operand${after ? ` after ${after}` : ''} ${OPERANDS}; found ${sc.describeNext()}`,
  );
}

/** Throws the error for text after a complete operand, where an operator or `expected` should be. */
function failAfterOperand(sc: Scanner, expected: string): never {
  if (sc.at(')')) sc.fail('this ) has no ( before it: remove it or add the (');
  if (sc.at('&') || sc.at('|'))
    sc.fail(`use ${sc.peek()}${sc.peek()} (a single ${sc.peek()} is not an operator)`);
  const word = sc.nameLength();
  const text = sc.source.slice(sc.pos, sc.pos + word);
  if (Object.hasOwn(WORDS, text)) sc.fail(`use ${WORDS[text]} instead of ${text}`, sc.pos, word);
  return sc.fail(
    `expected an operator (== != < > <= >= && ||) or ${expected} here; found ${sc.describeNext()}`,
  );
}

import type { ArithmeticOperator, ComparisonOperator, Expr } from '../ast.js';
import { built } from '../depth.js';
import type { Scanner } from './scanner.js';
import { parseStringLiteral } from '../string-literal.js';
import { call, ESCAPES, INDEX, parseIndex, parsePath } from './path-parser.js';

const KEYWORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };
const COMPARISONS: readonly ComparisonOperator[] = ['==', '!=', '<=', '>=', '<', '>'];
const VALUE = 'a variable, a number, a quoted string, true, false, null, [list], {object} or a function call';

/**
 * Parses an Inja expression at the scanner: `or`, `and`, `not` (also `||`, `&&`, `!`), the comparisons and
 * `in`, `+ - * / %`, unary minus, function calls `f(a, b)`, filters `a | f(b)` (= `f(a, b)`), paths
 * (`a.b`, `a.0`, `a[0]`, `a["key"]`, `a[i]`; `$.a` is `a`), literals, lists and objects. Stops before the
 * first thing that cannot continue the expression; throws CompileError.
 */
export function parseExpression(sc: Scanner): Expr {
  return parseOr(sc);
}

function parseOr(sc: Scanner): Expr {
  return sc.nested(
    () => parseOrHere(sc),
    (m) => sc.fail(m),
  );
}

function parseOrHere(sc: Scanner): Expr {
  let left = parseAnd(sc);
  for (;;) {
    sc.skipSpace();
    if (!sc.atWord('or') && !sc.at('||')) return left;
    sc.pos += 2;
    const right = parseAnd(sc);
    left = built(
      { kind: 'binary', operator: '||', left, right, start: left.start, end: right.end },
      [left, right],
      (m) => sc.fail(m),
    );
  }
}

function parseAnd(sc: Scanner): Expr {
  let left = parseNot(sc);
  for (;;) {
    sc.skipSpace();
    if (sc.atWord('and')) sc.pos += 3;
    else if (sc.at('&&')) sc.pos += 2;
    else return left;
    const right = parseNot(sc);
    left = built(
      { kind: 'binary', operator: '&&', left, right, start: left.start, end: right.end },
      [left, right],
      (m) => sc.fail(m),
    );
  }
}

function parseNot(sc: Scanner): Expr {
  sc.skipSpace();
  const start = sc.pos;
  if (sc.atWord('not') || (sc.at('!') && !sc.at('!='))) {
    sc.pos += sc.at('!') ? 1 : 3;
    const operand = sc.nested(
      () => parseNot(sc),
      (m) => sc.fail(m),
    );
    return built({ kind: 'unary', operator: '!', operand, start, end: operand.end }, [operand], (m) =>
      sc.fail(m),
    );
  }
  return parseComparison(sc);
}

function parseComparison(sc: Scanner): Expr {
  const left = parseSum(sc);
  sc.skipSpace();
  let operator: ComparisonOperator | undefined;
  if (sc.atWord('in')) operator = 'in';
  else if (sc.at('===') || sc.at('!=='))
    sc.fail(`use ${sc.peek()}= to compare (there is no ${sc.source.slice(sc.pos, sc.pos + 3)})`, sc.pos, 3);
  else if (sc.at('=') && !sc.at('=='))
    sc.fail('use == to compare; a single = is not an operator (to store a value, use an assign node)');
  else operator = COMPARISONS.find((op) => sc.at(op));
  if (!operator) return left;
  sc.pos += operator.length;
  const right = parseSum(sc);
  return { kind: 'binary', operator, left, right, start: left.start, end: right.end };
}

function parseSum(sc: Scanner): Expr {
  let left = parseProduct(sc);
  for (;;) {
    sc.skipSpace();
    const operator = sc.peek();
    // `-}}` and `-%}` close a tag and trim the space after it.
    if ((operator !== '+' && operator !== '-') || sc.at('-}}') || sc.at('-%}')) return left;
    sc.pos++;
    left = binary(sc, operator, left, parseProduct(sc));
  }
}

function parseProduct(sc: Scanner): Expr {
  let left = parseUnary(sc);
  for (;;) {
    sc.skipSpace();
    const operator = sc.peek();
    if ((operator !== '*' && operator !== '/' && operator !== '%') || sc.at('%}')) return left;
    if (sc.at('**') || sc.at('//'))
      sc.fail(
        `${sc.take(2)} is not an Inja operator; use * / or % (or compute it in a codelet)`,
        sc.pos - 2,
        2,
      );
    sc.pos++;
    left = binary(sc, operator, left, parseUnary(sc));
  }
}

function binary(sc: Scanner, operator: ArithmeticOperator, left: Expr, right: Expr): Expr {
  const node: Expr = { kind: 'binary', operator, left, right, start: left.start, end: right.end };
  return built(node, [left, right], (m) => sc.fail(m, left.start));
}

function parseUnary(sc: Scanner): Expr {
  sc.skipSpace();
  const start = sc.pos;
  if (sc.at('-') && !sc.at('-}}') && !sc.at('-%}')) {
    sc.pos++;
    const operand = sc.nested(
      () => parseUnary(sc),
      (m) => sc.fail(m),
    );
    return built({ kind: 'unary', operator: '-', operand, start, end: operand.end }, [operand], (m) =>
      sc.fail(m),
    );
  }
  return parseFilters(sc, parsePrimary(sc));
}

/** `value | f` and `value | f(a, b)`: the value becomes the function's first argument. */
function parseFilters(sc: Scanner, value: Expr): Expr {
  let out = value;
  for (;;) {
    sc.skipSpace();
    if (!sc.at('|') || sc.at('||')) return out;
    sc.pos++;
    sc.skipSpace();
    const length = sc.nameLength();
    if (!length)
      sc.fail(`expected a function name after |, e.g. {{ name | upper }}; found ${sc.describeNext()}`);
    const name = sc.take(length);
    const args = sc.at('(') ? parseArguments(sc) : [];
    out = built(call(name, [out, ...args], out.start, sc.pos), [out, ...args], (m) => sc.fail(m));
  }
}

function parsePrimary(sc: Scanner): Expr {
  sc.skipSpace();
  const start = sc.pos;
  const c = sc.peek();
  if (c === '(') {
    sc.pos++;
    const inner = parseOr(sc);
    sc.skipSpace();
    if (!sc.eat(')'))
      sc.fail(`( is not closed: add ) after the expression (found ${sc.describeNext()})`, start);
    return inner;
  }
  if (c === '"' || c === "'") return parseStringLiteral(sc, ESCAPES);
  if (c === '[') return parseList(sc);
  if (c === '{') return parseObject(sc);
  const number = sc.numberLength();
  if (number) return { kind: 'literal', value: Number(sc.take(number)), start, end: sc.pos };
  if (c === '$' && sc.peek(1) === '.') sc.pos += 2;
  const length = sc.nameLength();
  if (!length) return sc.fail(`expected a value (${VALUE}); found ${sc.describeNext()}`);
  const name = sc.source.slice(sc.pos, sc.pos + length);
  if (Object.hasOwn(KEYWORDS, name) && start === sc.pos) {
    sc.pos += length;
    return { kind: 'literal', value: KEYWORDS[name], start, end: sc.pos };
  }
  if (sc.source.charAt(sc.pos + length) === '(' && start === sc.pos) {
    sc.pos += length;
    const args = parseArguments(sc);
    return parseMembers(
      sc,
      built(call(name, args, start, sc.pos), args, (m) => sc.fail(m)),
    );
  }
  return parsePath(sc, start);
}

/**
 * `.field` and `[index]` after a function call (`at(resources, "/resources/db").uri`), as the Inja engine
 * allows: each step reads the result with `at`, so a missing one fails like `at` does.
 */
function parseMembers(sc: Scanner, value: Expr): Expr {
  let out = value;
  for (;;) {
    let key: Expr;
    if (sc.at('.') && sc.nameLength(sc.pos + 1)) {
      const keyStart = ++sc.pos;
      const name = sc.take(sc.nameLength());
      key = INDEX.test(name)
        ? { kind: 'literal', value: Number(name), start: keyStart, end: sc.pos }
        : { kind: 'literal', value: name, start: keyStart, end: sc.pos };
    } else if (sc.at('[')) {
      const segment = parseIndex(sc);
      key =
        segment.kind === 'field'
          ? { kind: 'literal', value: segment.name, start: out.end, end: sc.pos }
          : segment.kind === 'index'
            ? { kind: 'literal', value: segment.index, start: out.end, end: sc.pos }
            : segment.index;
    } else return out;
    out = built(
      { kind: 'call', name: 'at', args: [out, key], start: out.start, end: sc.pos },
      [out, key],
      (m) => sc.fail(m),
    );
  }
}

/** `(a, b)` after a function name. */
function parseArguments(sc: Scanner): Expr[] {
  const open = sc.pos++;
  const args: Expr[] = [];
  sc.skipSpace();
  if (sc.eat(')')) return args;
  for (;;) {
    args.push(parseOr(sc));
    sc.skipSpace();
    if (sc.eat(')')) return args;
    if (!sc.eat(','))
      sc.fail(
        sc.done || sc.at('}}') || sc.at('%}')
          ? '( is not closed: add ) after the arguments'
          : `expected , or ) between arguments; found ${sc.describeNext()}`,
        sc.done ? open : sc.pos,
      );
  }
}

function parseList(sc: Scanner): Expr {
  const start = sc.pos++;
  const items: Expr[] = [];
  sc.skipSpace();
  if (!sc.eat(']'))
    for (;;) {
      items.push(parseOr(sc));
      sc.skipSpace();
      if (sc.eat(']')) break;
      if (!sc.eat(','))
        sc.fail(`expected , or ] in the list; found ${sc.describeNext()}`, sc.done ? start : sc.pos);
    }
  return { kind: 'array', items, start, end: sc.pos };
}

function parseObject(sc: Scanner): Expr {
  const start = sc.pos++;
  const entries: { key: string; value: Expr }[] = [];
  sc.skipSpace();
  if (!sc.eat('}'))
    for (;;) {
      sc.skipSpace();
      const c = sc.peek();
      let key: string;
      if (c === '"' || c === "'") key = String(parseStringLiteral(sc, ESCAPES).value);
      else if (sc.nameLength()) key = sc.take(sc.nameLength());
      else return sc.fail(`expected a key in the object, e.g. {"name": value}; found ${sc.describeNext()}`);
      sc.skipSpace();
      if (!sc.eat(':')) sc.fail(`expected : after the key "${key}"; found ${sc.describeNext()}`);
      entries.push({ key, value: parseOr(sc) });
      sc.skipSpace();
      if (sc.eat('}')) break;
      if (!sc.eat(','))
        sc.fail(`expected , or } in the object; found ${sc.describeNext()}`, sc.done ? start : sc.pos);
    }
  return { kind: 'object', entries, start, end: sc.pos };
}

import type { Expr, OutputNode } from '../ast.js';
import { parseExpression } from './expr-parser.js';
import type { Scanner } from './scanner.js';

// The parts inside an Inja tag, each read from the scanner with an error that says how to write it:
// an output's expression, an if's test, a for's head, and the close of a statement.

/** Parses `{{ expr }}` from just after the braces (and a `-`). */
export function parseOutput(sc: Scanner, start: number): { node: OutputNode; trimAfter: boolean } {
  sc.skipSpace();
  if (sc.at('#') || sc.at('/') || (sc.at('^') && sc.nameLength(sc.pos + 1))) {
    const close = sc.source.indexOf('}}', start);
    const tag = close === -1 ? sc.source.slice(start, start + 12) : sc.source.slice(start, close + 2);
    sc.fail(
      `${tag} is not Inja: blocks are written {% for item in items %}…{% endfor %} and {% if cond %}…{% endif %}`,
      start,
      tag.length,
    );
  }
  if (sc.at('}}') || sc.at('-}}'))
    sc.fail(
      'empty {{ }}: put a variable or an expression inside, e.g. {{ name }}',
      start,
      sc.pos + 2 - start,
    );
  if (sc.source.indexOf('}}', sc.pos) === -1)
    sc.fail('unclosed {{: add }} after the expression, e.g. {{ name }}', start, 2);
  const expr = parseExpression(sc);
  sc.skipSpace();
  const trimAfter = sc.eat('-');
  if (!sc.eat('}}')) failAfterExpression(sc, start, '}}');
  return { node: { kind: 'output', expr, start, end: sc.pos }, trimAfter };
}

/** The test of `{% if %}` / `{% else if %}`. */
export function parseTest(sc: Scanner, start: number, word: string): Expr {
  sc.skipSpace();
  if (sc.at('%}') || sc.at('-%}'))
    sc.fail(`{% ${word} %} needs a condition, e.g. {% ${word} count > 0 %}`, start, sc.pos + 2 - start);
  return parseExpression(sc);
}

/** `x in expr` or `key, value in expr` after `for`. */
export function parseLoopHead(sc: Scanner, start: number): { over: Expr; value: string; key?: string } {
  sc.skipSpace();
  const example = 'e.g. {% for item in items %}…{% endfor %}';
  if (!sc.nameLength()) sc.fail(`{% for %} names the element first, ${example}; found ${sc.describeNext()}`);
  let value = sc.take(sc.nameLength());
  let key: string | undefined;
  sc.skipSpace();
  if (sc.eat(',')) {
    sc.skipSpace();
    if (!sc.nameLength())
      sc.fail(
        `expected the value's name after "${value},", e.g. {% for key, value in object %}; found ${sc.describeNext()}`,
      );
    key = value;
    value = sc.take(sc.nameLength());
    sc.skipSpace();
  }
  if (!sc.atWord('in')) {
    if (sc.at('%}') || sc.at('-%}'))
      sc.fail(`{% for ${value} %} needs "in" and what to loop over, ${example}`, start, sc.pos + 2 - start);
    sc.fail(`expected "in" after the loop variable, ${example}; found ${sc.describeNext()}`);
  }
  sc.pos += 2;
  sc.skipSpace();
  if (sc.at('%}') || sc.at('-%}'))
    sc.fail(`{% for … in %} needs what to loop over, ${example}`, start, sc.pos + 2 - start);
  return { over: parseExpression(sc), value, key };
}

/** Reads the `%}` (or `-%}`) that ends a statement. */
export function closeStatement(
  sc: Scanner,
  start: number,
  word: string,
): { pos: number; trimAfter: boolean } {
  sc.skipSpace();
  const trimAfter = sc.eat('-');
  if (!sc.eat('%}')) {
    if (sc.source.indexOf('%}', sc.pos) === -1)
      sc.fail(`unclosed {% ${word}: add %} to end the statement`, start, 2);
    failAfterExpression(sc, start, '%}');
  }
  return { pos: sc.pos, trimAfter };
}

/** The error for what follows a complete expression where the tag should close. */
function failAfterExpression(sc: Scanner, tagStart: number, close: string): never {
  const closeAt = sc.source.indexOf(close, sc.pos);
  const reopen = Math.min(...['{{', '{%'].map((o) => sc.source.indexOf(o, sc.pos)).filter((i) => i !== -1));
  if (closeAt === -1 || reopen < closeAt)
    sc.fail(
      `unclosed ${sc.source.slice(tagStart, tagStart + 2)}: add ${close} after the expression`,
      tagStart,
      2,
    );
  if (sc.at('^')) sc.fail('^ is not supported; compute powers in a codelet', sc.pos, 1);
  if (sc.at('?'))
    sc.fail(
      'there is no ?: operator; use {% if cond %}a{% else %}b{% endif %} or default(value, fallback)',
      sc.pos,
      1,
    );
  sc.fail(
    `expected an operator or ${close} here, found ${sc.describeNext()}; to join text write e.g. {{ first + " " + last }}`,
  );
}

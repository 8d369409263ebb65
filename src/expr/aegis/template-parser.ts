import type { OutputNode, PathExpr, TemplateNode } from '../ast.js';
import { CompileError } from '../compile-error.js';
import { parseExpression, parsePath } from './expr-parser.js';
import { Scanner } from './scanner.js';
import { failAfterExpression } from './trailing.js';

/** A `{{#for}}` whose `{{/for}}` has not been seen yet. */
interface OpenLoop {
  readonly over: PathExpr;
  readonly start: number;
  readonly end: number;
  readonly body: TemplateNode[];
  readonly outer: TemplateNode[];
}

/**
 * Parses an Aegis template: text, `{{ expr }}` and `{{#for path}}…{{/for}}`. A line holding only a
 * `{{#for}}` or `{{/for}}` tag (and spaces or tabs) is dropped with its line break. Throws CompileError.
 */
export function parseTemplate(source: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const open: OpenLoop[] = [];
  let nodes = root;
  let textStart = 0;
  for (let start = source.indexOf('{{'); start !== -1; start = source.indexOf('{{', textStart)) {
    const sc = new Scanner(source, start + 2);
    sc.skipSpace();
    if (!sc.at('#') && !sc.at('/')) {
      const output = parseOutput(sc, start);
      addText(nodes, source, textStart, start);
      nodes.push(output);
      textStart = output.end;
      continue;
    }
    const over = parseBlockTag(sc, start);
    const end = sc.pos;
    const line = standaloneLine(source, start, end);
    addText(nodes, source, textStart, line ? line.from : start);
    textStart = line ? line.to : end;
    if (over) {
      const loop: OpenLoop = { over, start, end, body: [], outer: nodes };
      open.push(loop);
      nodes = loop.body;
      continue;
    }
    const loop = open.pop();
    if (!loop)
      throw new CompileError(
        '{{/for}} has no {{#for array}} before it: remove it or add the {{#for}}',
        start,
        end - start,
      );
    loop.outer.push({ kind: 'for', over: loop.over, body: loop.body, start: loop.start, end: loop.end });
    nodes = loop.outer;
  }
  addText(nodes, source, textStart, source.length);
  const unclosed = open.pop();
  if (unclosed) {
    const tag = source.slice(unclosed.start, unclosed.end);
    throw new CompileError(
      `unclosed ${tag}: add {{/for}} where the loop body ends`,
      unclosed.start,
      tag.length,
    );
  }
  return root;
}

function addText(nodes: TemplateNode[], source: string, from: number, to: number): void {
  if (to > from) nodes.push({ kind: 'text', text: source.slice(from, to) });
}

/** Parses `{{ expr }}` from just after its braces and leading spaces. */
function parseOutput(sc: Scanner, start: number): OutputNode {
  if (sc.source.indexOf('}}', start + 2) === -1)
    sc.fail('unclosed {{: add }} after the expression', start, 2);
  if (sc.at('}}'))
    sc.fail('empty {{}}: put a variable or an expression inside, e.g. {{name}}', start, sc.pos + 2 - start);
  const expr = parseExpression(sc);
  sc.skipSpace();
  if (!sc.eat('}}')) failAfterExpression(sc, start);
  return { kind: 'output', expr, start, end: sc.pos };
}

/** Parses `{{#for path}}` (returns the path) or `{{/for}}` (returns undefined), from the `#` or `/`. */
function parseBlockTag(sc: Scanner, start: number): PathExpr | undefined {
  const opening = sc.take(1) === '#';
  const name = sc.source.slice(sc.pos, sc.pos + sc.nameLength());
  if (name !== 'for') {
    const close = sc.source.indexOf('}}', start);
    const tag = close === -1 ? sc.source.slice(start).split('\n')[0] : sc.source.slice(start, close + 2);
    sc.fail(
      opening
        ? `unknown block ${tag}: only {{#for array}}…{{/for}} is supported (conditions belong in the step's when)`
        : `unknown closing tag ${tag}: only {{/for}} closes a block, after {{#for array}}`,
      start,
      tag.length,
    );
  }
  sc.pos += name.length;
  sc.skipSpace();
  if (!opening) {
    if (!sc.eat('}}')) sc.fail(`{{/for}} takes nothing after "for"; found ${sc.describeNext()}`);
    return undefined;
  }
  if (sc.at('}}'))
    sc.fail('{{#for}} needs the array to loop over, e.g. {{#for items}}', start, sc.pos + 2 - start);
  if (!sc.nameLength())
    sc.fail(`{{#for}} takes an array path such as items or data.rows; found ${sc.describeNext()}`);
  const over = parsePath(sc, true);
  sc.skipSpace();
  if (sc.eat('}}')) return over;
  if (sc.source.startsWith('in', sc.pos) && sc.nameLength() === 2)
    sc.fail(
      '{{#for}} names only the array, e.g. {{#for items}}; inside, use {{_}} for the element or its fields by name',
    );
  return sc.fail(`{{#for}} takes one array path, e.g. {{#for data.rows}}; found ${sc.describeNext()}`);
}

/** The span to drop with a tag alone on its line: from the line's start to after its line break. */
function standaloneLine(
  source: string,
  start: number,
  end: number,
): { from: number; to: number } | undefined {
  let from = start;
  while (from > 0 && (source[from - 1] === ' ' || source[from - 1] === '\t')) from--;
  if (from > 0 && source[from - 1] !== '\n') return undefined;
  let to = end;
  while (to < source.length && (source[to] === ' ' || source[to] === '\t')) to++;
  if (to === source.length) return { from, to };
  if (source[to] === '\n') return { from, to: to + 1 };
  if (source[to] === '\r' && source[to + 1] === '\n') return { from, to: to + 2 };
  return undefined;
}

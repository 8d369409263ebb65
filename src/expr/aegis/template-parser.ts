import type { OutputNode, PathExpr, TemplateNode } from '../ast.js';
import { CompileError } from '../compile-error.js';
import { parseExpression, parsePath } from './expr-parser.js';
import type { OlderForm } from './older-forms.js';
import { Scanner } from './scanner.js';
import { failAfterExpression } from './trailing.js';
import { standaloneLine } from './standalone-line.js';

/** A block tag: `{{#for path}}`, a section `{{#path}}` / `{{^path}}`, or a closing `{{/…}}`. */
interface BlockTag {
  readonly kind: 'for' | 'section' | 'inverted' | 'close';
  /** The path looped over or tested; for a closing tag, the name it closes (`for` or a path's text). */
  readonly over?: PathExpr;
  readonly name: string;
}

/** A block whose closing tag has not been seen yet. */
interface OpenBlock extends BlockTag {
  readonly start: number;
  readonly end: number;
  readonly body: TemplateNode[];
  readonly outer: TemplateNode[];
}

/**
 * Parses an Aegis template: text, `{{ expr }}` and `{{#for path}}…{{/for}}`, and the sections of the
 * older JMustache engine (`{{#path}}…{{/path}}` renders when the value is set and not empty, `{{^path}}`
 * when it is not), each noted in `notes`. A line holding only a block tag (and spaces or tabs) is
 * dropped with its line break. Throws CompileError.
 */
export function parseTemplate(source: string, notes: OlderForm[] = []): TemplateNode[] {
  const root: TemplateNode[] = [];
  const open: OpenBlock[] = [];
  let nodes = root;
  let textStart = 0;
  for (let start = source.indexOf('{{'); start !== -1; start = source.indexOf('{{', textStart)) {
    const sc = new Scanner(source, start + 2);
    sc.skipSpace();
    if (!sc.at('#') && !sc.at('/') && !sc.at('^')) {
      const output = parseOutput(sc, start);
      addText(nodes, source, textStart, start);
      nodes.push(output);
      textStart = output.end;
      continue;
    }
    const tag = parseBlockTag(sc, start);
    const end = sc.pos;
    const line = standaloneLine(source, start, end);
    addText(nodes, source, textStart, line ? line.from : start);
    textStart = line ? line.to : end;
    if (tag.kind !== 'close') {
      if (tag.kind !== 'for') notes.push({ kind: 'section', start, end, text: source.slice(start, end) });
      const block: OpenBlock = { ...tag, start, end, body: [], outer: nodes };
      open.push(block);
      nodes = block.body;
      continue;
    }
    const block = open.pop();
    if (!block || block.name !== tag.name)
      throw new CompileError(
        block
          ? `${source.slice(start, end)} does not close ${source.slice(block.start, block.end)}; close it with {{/${block.name}}} first`
          : tag.name === 'for'
            ? '{{/for}} has no {{#for array}} before it: remove it or add the {{#for}}'
            : `${source.slice(start, end)} has no {{#${tag.name}}} before it: remove it`,
        start,
        end - start,
      );
    block.outer.push(closeBlock(block));
    nodes = block.outer;
  }
  addText(nodes, source, textStart, source.length);
  const unclosed = open.pop();
  if (unclosed) {
    const tag = source.slice(unclosed.start, unclosed.end);
    throw new CompileError(
      `unclosed ${tag}: add {{/${unclosed.name}}} where the ${unclosed.kind === 'for' ? 'loop body' : 'section'} ends`,
      unclosed.start,
      tag.length,
    );
  }
  return root;
}

/** The node a finished block becomes: a loop, or a section as an `if` on the path's value. */
function closeBlock(block: OpenBlock): TemplateNode {
  const span = { start: block.start, end: block.end };
  if (block.kind === 'for') return { kind: 'for', over: block.over!, body: block.body, ...span };
  const inverted = block.kind === 'inverted';
  return {
    kind: 'if',
    branches: [{ test: block.over!, body: inverted ? [] : block.body, ...span }],
    otherwise: inverted ? block.body : [],
  };
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

/** Parses a block tag from its `#`, `^` or `/`. */
function parseBlockTag(sc: Scanner, start: number): BlockTag {
  const sigil = sc.take(1);
  const name = sc.source.slice(sc.pos, sc.pos + sc.nameLength());
  const isFor = name === 'for' && sigil !== '^';
  if (!isFor) return parseSection(sc, start, sigil);
  sc.pos += name.length;
  sc.skipSpace();
  if (sigil === '/') {
    if (!sc.eat('}}')) sc.fail(`{{/for}} takes nothing after "for"; found ${sc.describeNext()}`);
    return { kind: 'close', name: 'for' };
  }
  if (sc.at('}}'))
    sc.fail('{{#for}} needs the array to loop over, e.g. {{#for items}}', start, sc.pos + 2 - start);
  if (!sc.nameLength())
    sc.fail(`{{#for}} takes an array path such as items or data.rows; found ${sc.describeNext()}`);
  const over = parsePath(sc, true);
  sc.skipSpace();
  if (sc.eat('}}')) return { kind: 'for', over, name: 'for' };
  if (sc.source.startsWith('in', sc.pos) && sc.nameLength() === 2)
    sc.fail(
      '{{#for}} names only the array, e.g. {{#for items}}; inside, use {{_}} for the element or its fields by name',
    );
  return sc.fail(`{{#for}} takes one array path, e.g. {{#for data.rows}}; found ${sc.describeNext()}`);
}

/** A JMustache section tag `{{#path}}`, `{{^path}}` or its closing `{{/path}}`, from after the sigil. */
function parseSection(sc: Scanner, start: number, sigil: string): BlockTag {
  sc.skipSpace();
  const over = sc.nameLength() ? parsePath(sc, true) : undefined;
  sc.skipSpace();
  if (!over || !sc.eat('}}')) {
    const close = sc.source.indexOf('}}', start);
    const tag = close === -1 ? sc.source.slice(start).split('\n')[0] : sc.source.slice(start, close + 2);
    sc.fail(
      `unknown block ${tag}: write {{#for array}}…{{/for}} to loop, or put conditions in the step's when`,
      start,
      tag.length,
    );
  }
  const name = sc.source.slice(over.start, over.end);
  if (sigil === '/') return { kind: 'close', name };
  return { kind: sigil === '#' ? 'section' : 'inverted', over, name };
}

import type { Expr, IfBranch, TemplateNode } from '../ast.js';
import { CompileError } from '../compile-error.js';
import { closeStatement, parseLoopHead, parseOutput, parseTest } from './tag-parts.js';
import { Scanner } from './scanner.js';

/** A block whose closing tag has not been seen yet. */
type OpenBlock =
  | {
      kind: 'for';
      start: number;
      end: number;
      over: Expr;
      value: string;
      key?: string;
      body: TemplateNode[];
      outer: TemplateNode[];
    }
  | {
      kind: 'if';
      start: number;
      end: number;
      branches: IfBranch[];
      otherwise: TemplateNode[] | null;
      body: TemplateNode[];
      outer: TemplateNode[];
    };

const UNSUPPORTED: Readonly<Record<string, string>> = {
  set: 'compute the value in an assign node before this one',
  include: 'AgenticDSL templates cannot include files; put the text in the template or in a variable',
  extends: 'AgenticDSL templates cannot extend other templates',
  block: 'AgenticDSL templates have no blocks; use {% if %} or variables',
  macro: 'AgenticDSL templates have no macros',
};

/**
 * Parses an Inja template: text, `{{ expr }}`, `{% if %}…{% else if %}…{% else %}…{% endif %}`,
 * `{% for x in items %}…{% endfor %}` (or `for key, value in object`), `{% raw %}…{% endraw %}` and
 * `{# comments #}`. A `-` just inside a tag (`{{-`, `-%}`) removes the whitespace on that side of it.
 * Line statements (`## for`) are not recognised, so Markdown headings in prompts stay text. Throws
 * CompileError with a message that says how to write the construct.
 */
export function parseInjaTemplate(source: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const open: OpenBlock[] = [];
  let nodes = root;
  let textStart = 0;
  let trimNext = false;
  const addText = (to: number, trimEnd: boolean) => {
    let text = source.slice(textStart, to);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (trimEnd) text = text.replace(/\s+$/, '');
    if (text) {
      const last = nodes.at(-1);
      if (last?.kind === 'text') nodes[nodes.length - 1] = { kind: 'text', text: last.text + text };
      else nodes.push({ kind: 'text', text });
    }
  };
  for (let start = nextTag(source, 0); start !== -1; start = nextTag(source, textStart)) {
    const opener = source.slice(start, start + 2);
    const sc: Scanner = new Scanner(source, start + 2);
    const trimBefore = sc.eat('-');
    addText(start, trimBefore);
    if (opener === '{#') {
      const close = source.indexOf('#}', sc.pos);
      if (close === -1) sc.fail('unclosed comment {#: add #} where the comment ends', start, 2);
      trimNext = source[close - 1] === '-';
      textStart = close + 2;
      continue;
    }
    if (opener === '{{') {
      const output = parseOutput(sc, start);
      nodes.push(output.node);
      trimNext = output.trimAfter;
      textStart = output.node.end;
      continue;
    }
    sc.skipSpace();
    const wordStart = sc.pos;
    const word = sc.take(sc.nameLength());
    if (word === 'raw') {
      const end = closeStatement(sc, start, 'raw');
      const close = /\{%-?\s*endraw\s*-?%\}/g;
      close.lastIndex = end.pos;
      const found = close.exec(source);
      if (!found)
        sc.fail('unclosed {% raw %}: add {% endraw %} where the raw text ends', start, end.pos - start);
      textStart = end.pos;
      trimNext = end.trimAfter;
      addText(found.index, found[0].startsWith('{%-'));
      textStart = found.index + found[0].length;
      trimNext = found[0].endsWith('-%}');
      continue;
    }
    let end: { pos: number; trimAfter: boolean };
    switch (word) {
      case 'if': {
        const test = parseTest(sc, start, 'if');
        end = closeStatement(sc, start, 'if');
        const block: OpenBlock = {
          kind: 'if',
          start,
          end: end.pos,
          branches: [],
          otherwise: null,
          body: [],
          outer: nodes,
        };
        block.branches.push({ test, body: block.body, start, end: end.pos });
        open.push(block);
        nodes = block.body;
        break;
      }
      case 'elif':
      case 'else': {
        const block = open.at(-1);
        if (block?.kind !== 'if')
          sc.fail(
            `{% ${word} %} has no {% if %} before it${block ? ' (close the {% for %} first with {% endfor %})' : ''}`,
            start,
            sc.pos - start,
          );
        if (block.otherwise)
          sc.fail(
            `{% ${word} %} after {% else %}: the {% else %} branch must come last`,
            start,
            sc.pos - start,
          );
        sc.skipSpace();
        if (word === 'elif' || sc.atWord('if')) {
          if (word === 'else') sc.pos += 2;
          const test = parseTest(sc, start, word === 'elif' ? 'elif' : 'else if');
          end = closeStatement(sc, start, 'else if');
          const body: TemplateNode[] = [];
          block.branches.push({ test, body, start, end: end.pos });
          nodes = body;
        } else {
          end = closeStatement(sc, start, 'else');
          block.otherwise = [];
          nodes = block.otherwise;
        }
        break;
      }
      case 'endif': {
        end = closeStatement(sc, start, 'endif');
        const block = open.pop();
        if (block?.kind !== 'if')
          sc.fail(
            block
              ? '{% endif %} closes a {% for %}: close the loop first with {% endfor %}'
              : '{% endif %} has no {% if %} before it',
            start,
            end.pos - start,
          );
        block.outer.push({ kind: 'if', branches: block.branches, otherwise: block.otherwise ?? [] });
        nodes = block.outer;
        break;
      }
      case 'for': {
        const loop = parseLoopHead(sc, start);
        end = closeStatement(sc, start, 'for');
        const block: OpenBlock = { kind: 'for', start, end: end.pos, ...loop, body: [], outer: nodes };
        open.push(block);
        nodes = block.body;
        break;
      }
      case 'endfor': {
        end = closeStatement(sc, start, 'endfor');
        const block = open.pop();
        if (block?.kind !== 'for')
          sc.fail(
            block
              ? '{% endfor %} closes an {% if %}: close the condition first with {% endif %}'
              : '{% endfor %} has no {% for %} before it',
            start,
            end.pos - start,
          );
        block.outer.push({
          kind: 'for-in',
          over: block.over,
          value: block.value,
          key: block.key,
          body: block.body,
          start: block.start,
          end: block.end,
        });
        nodes = block.outer;
        break;
      }
      default: {
        const hint = UNSUPPORTED[word];
        if (hint)
          sc.fail(`{% ${word} %} is not supported in AgenticDSL templates: ${hint}`, wordStart, word.length);
        sc.fail(
          `unknown statement ${word ? `"${word}"` : sc.describeNext()}: {% %} holds if, else if, else, endif, for, endfor, raw or endraw; a value goes in {{ }}`,
          wordStart,
        );
      }
    }
    textStart = end.pos;
    trimNext = end.trimAfter;
  }
  addText(source.length, false);
  const unclosed = open.pop();
  if (unclosed) {
    const tag = source.slice(unclosed.start, unclosed.end);
    throw new CompileError(
      `unclosed ${tag}: add {% end${unclosed.kind} %} where the ${unclosed.kind === 'for' ? 'loop body' : 'condition'} ends`,
      unclosed.start,
      tag.length,
    );
  }
  return root;
}

/** The offset of the next `{{`, `{%` or `{#` at or after `from`, or -1. */
function nextTag(source: string, from: number): number {
  for (let i = source.indexOf('{', from); i !== -1; i = source.indexOf('{', i + 1)) {
    const c = source[i + 1];
    if (c === '{' || c === '%' || c === '#') return i;
  }
  return -1;
}

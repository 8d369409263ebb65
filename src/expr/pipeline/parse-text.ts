import { CompileError } from '../compile-error.js';
import { parseTag } from './parse-tag.js';
import type { IfBlock, TextNode } from './text-nodes.js';

interface Frame {
  nodes: TextNode[];
  block?: { start: number; end: number; test: IfBlock['test']; then?: TextNode[] };
}

/**
 * Splits text into plain parts and `{{ }}` tags. With `blocks`, `{{#if x}}…{{else}}…{{/if}}` is understood
 * (prompt templates); without, a block tag is an error. A `}}` inside a quoted string does not close a tag.
 */
export function parseText(source: string, blocks: boolean): TextNode[] {
  const stack: Frame[] = [{ nodes: [] }];
  let pos = 0;
  for (;;) {
    const open = source.indexOf('{{', pos);
    const top = stack[stack.length - 1];
    if (open === -1) {
      pushText(top.nodes, source.slice(pos));
      break;
    }
    pushText(top.nodes, source.slice(pos, open));
    const close = closingBraces(source, open);
    const inner = source.slice(open + 2, close).trim();
    const innerStart = open + 2 + source.slice(open + 2, close).indexOf(inner);
    const span = { start: open, end: close + 2 };
    pos = close + 2;
    if (/^[#/]|^else$/.test(inner)) {
      if (!blocks)
        throw new CompileError(
          `"{{${inner}}}" is a block tag, which only prompt.md templates understand; in a pipeline value write one value such as {{input.topic}}`,
          open,
          span.end - open,
        );
      blockTag(source, inner, innerStart, span, stack);
      continue;
    }
    top.nodes.push({ kind: 'tag', expr: parseTag(source, open + 2, close), ...span });
  }
  if (stack.length > 1) {
    const block = stack[stack.length - 1].block!;
    throw new CompileError(
      '{{#if}} is not closed: add {{/if}} after its text',
      block.start,
      block.end - block.start,
    );
  }
  return stack[0].nodes;
}

function blockTag(
  source: string,
  inner: string,
  innerStart: number,
  span: { start: number; end: number },
  stack: Frame[],
): void {
  const top = stack[stack.length - 1];
  if (inner.startsWith('#if') && /^#if\s/.test(inner)) {
    const testStart = innerStart + 3;
    stack.push({ nodes: [], block: { ...span, test: parseTag(source, testStart, span.end - 2) } });
    return;
  }
  if (inner === 'else') {
    if (!top.block || top.block.then)
      throw new CompileError(
        '{{else}} belongs inside {{#if}} … {{/if}}, once',
        span.start,
        span.end - span.start,
      );
    top.block.then = top.nodes;
    top.nodes = [];
    return;
  }
  if (inner === '/if') {
    if (!top.block)
      throw new CompileError('{{/if}} has no {{#if}} before it', span.start, span.end - span.start);
    stack.pop();
    const { start, end, test, then } = top.block;
    const node: IfBlock = {
      kind: 'if',
      test,
      then: then ?? top.nodes,
      otherwise: then ? top.nodes : [],
      start,
      end,
    };
    stack[stack.length - 1].nodes.push(node);
    return;
  }
  throw new CompileError(
    `unknown block tag "{{${inner}}}"; prompt templates know {{#if value}}, {{else}} and {{/if}}`,
    span.start,
    span.end - span.start,
  );
}

/** The offset of the `}}` closing the tag opened at `open`, skipping quoted strings. */
function closingBraces(source: string, open: number): number {
  let quote = '';
  for (let i = open + 2; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '}' && source[i + 1] === '}') return i;
    else if (c === '{' && source[i + 1] === '{') break;
  }
  throw new CompileError('{{ is not closed: add }} after the value', open, 2);
}

function pushText(nodes: TextNode[], text: string): void {
  if (!text) return;
  const last = nodes[nodes.length - 1];
  if (last?.kind === 'text') nodes[nodes.length - 1] = { kind: 'text', text: last.text + text };
  else nodes.push({ kind: 'text', text });
}

import type { Scope } from '../../ir/expr.js';
import type { ForInNode, ForNode, IfNode, OutputNode, Span, TemplateNode } from '../ast.js';
import type { CompileContext, Frame, Render, Site } from './context.js';
import { describe } from './describe.js';
import { compileExpr, constantValue, isConstant } from './expr.js';
import { compilePath } from './path.js';
import { isInheritedName, isRecord } from './properties.js';
import type { Semantics } from './semantics.js';
import { readVariable } from './variable.js';

/** What compiling a template needs; `siteAt` receives the span of a whole `{{ }}` tag. */
export type TemplateContext = Omit<CompileContext, 'depth'>;

/** Compiles template nodes into one function; text and constant interpolations are joined at compile time. */
export function compileTemplate(
  nodes: readonly TemplateNode[],
  ctx: TemplateContext,
): (scope: Scope) => string {
  const render = compileNodes(nodes, ctx, 0);
  return (scope) => render(scope, null);
}

function compileNodes(nodes: readonly TemplateNode[], ctx: TemplateContext, depth: number): Render {
  const texts: string[] = [''];
  const pieces: Piece[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') texts[texts.length - 1] += node.text;
    else if (node.kind === 'output' && isConstant(node.expr))
      texts[texts.length - 1] += ctx.semantics.format(constantValue(node.expr, context(ctx, node, depth)));
    else {
      pieces.push(
        node.kind === 'output'
          ? compileOutput(node, ctx, depth)
          : { name: null, render: compileBlock(node, ctx, depth) },
      );
      texts.push('');
    }
  }
  return concatenate(texts, pieces, ctx.semantics);
}

/**
 * One dynamic piece of a sequence: a plain variable (read in place by the sequence, the common case,
 * without a function call) or a function rendering anything else.
 */
type Piece = { name: string; site: Site; render: null } | { name: null; render: Render };

/** The context for the expressions of one tag: their runtime errors point at the tag. */
function context(ctx: TemplateContext, tag: Span, depth: number): CompileContext {
  const site = ctx.siteAt(tag);
  return { semantics: ctx.semantics, source: ctx.source, depth, siteAt: () => site };
}

function compileOutput(node: OutputNode, ctx: TemplateContext, depth: number): Piece {
  const expr = node.expr;
  if (expr.kind === 'path' && expr.segments.length === 0 && expr.root !== '_' && !isInheritedName(expr.root))
    return { name: expr.root, site: { fail: (message) => ctx.siteAt(node).fail(message) }, render: null };
  const evaluate = compileExpr(expr, context(ctx, node, depth));
  const format = ctx.semantics.format;
  return {
    name: null,
    render: (scope, frame) => {
      const v = evaluate(scope, frame);
      return typeof v === 'string' ? v : format(v);
    },
  };
}

function compileBlock(node: ForNode | ForInNode | IfNode, ctx: TemplateContext, depth: number): Render {
  switch (node.kind) {
    case 'for':
      return compileFor(node, ctx, depth);
    case 'for-in':
      return compileForIn(node, ctx, depth);
    case 'if':
      return compileIf(node, ctx, depth);
  }
}

function compileFor(node: ForNode, ctx: TemplateContext, depth: number): Render {
  const over = compilePath(node.over, context(ctx, node, depth));
  const body = compileNodes(node.body, ctx, depth + 1);
  return (scope, parent) => {
    const items = over(scope, parent);
    if (!Array.isArray(items)) return '';
    const frame: Frame = { parent, element: undefined, fields: null };
    let out = '';
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      frame.element = item;
      frame.fields = isRecord(item) ? item : null;
      out += body(scope, frame);
    }
    return out;
  };
}

/**
 * A loop binding its element (and, over an object, its key) by name, with Inja's loop variables. Each
 * iteration gets a fresh `loop` object, so a value captured from it stays as it was.
 */
function compileForIn(node: ForInNode, ctx: TemplateContext, depth: number): Render {
  const inner = context(ctx, node, depth);
  const over = compileExpr(node.over, inner);
  const site = inner.siteAt(node);
  const body = compileNodes(node.body, ctx, depth + 1);
  const { value, key } = node;
  return (scope, parent) => {
    const items = over(scope, parent);
    let keys: readonly string[] | undefined;
    let values: readonly unknown[];
    if (Array.isArray(items)) values = items;
    else if (key !== undefined && isRecord(items)) {
      keys = Object.keys(items);
      values = keys.map((k) => items[k]);
    } else
      return site.fail(
        key === undefined
          ? `for ${value} in … needs an array, got ${describe(items)}`
          : `for ${key}, ${value} in … needs an object, got ${describe(items)}`,
      );
    const outer = parent?.fields && Object.hasOwn(parent.fields, 'loop') ? parent.fields.loop : undefined;
    const frame: Frame = { parent, element: undefined, fields: null };
    const last = values.length - 1;
    let out = '';
    for (let i = 0; i <= last; i++) {
      const loop: Record<string, unknown> = {
        index: i,
        index1: i + 1,
        is_first: i === 0,
        is_last: i === last,
      };
      if (outer !== undefined) loop.parent = outer;
      const fields: Record<string, unknown> = { loop, [value]: values[i] };
      if (keys) fields[key!] = keys[i];
      frame.fields = fields;
      out += body(scope, frame);
    }
    return out;
  };
}

/** The first branch whose test is true renders; `otherwise` when none is. */
function compileIf(node: IfNode, ctx: TemplateContext, depth: number): Render {
  const truthy = ctx.semantics.truthy;
  const tests = node.branches.map((b) => compileExpr(b.test, context(ctx, b, depth)));
  const bodies = node.branches.map((b) => compileNodes(b.body, ctx, depth));
  const otherwise = compileNodes(node.otherwise, ctx, depth);
  const count = tests.length;
  return (scope, frame) => {
    for (let i = 0; i < count; i++) if (truthy(tests[i](scope, frame))) return bodies[i](scope, frame);
    return otherwise(scope, frame);
  };
}

/** `texts[0] + piece 0 + texts[1] + … + texts[n]`; plain variables are read here, without a closure call. */
function concatenate(texts: readonly string[], pieces: readonly Piece[], semantics: Semantics): Render {
  const head = texts[0];
  const count = pieces.length;
  if (count === 0) return () => head;
  const names = pieces.map((p) => p.name);
  const sites = pieces.map((p) => (p.name === null ? null : p.site));
  const renders = pieces.map((p) => p.render);
  const { format, missing } = semantics;
  return (scope, frame) => {
    let out = head;
    for (let i = 0; i < count; i++) {
      const name = names[i];
      if (name === null) out += renders[i]!(scope, frame);
      else {
        const v = readVariable(scope, frame, name);
        out += typeof v === 'string' ? v : format(v === undefined ? missing(name, sites[i]!) : v);
      }
      out += texts[i + 1];
    }
    return out;
  };
}

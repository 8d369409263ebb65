import type { Expr, PathExpr, Segment, TemplateNode } from '../ast.js';

/**
 * An older Aegis form met while parsing, for the front end to warn about: a JMustache section
 * (`{{#x}}…{{/x}}`, `{{^x}}…{{/x}}`) or a step result read as `{{step.value}}` / `{{step.output}}`.
 * `start`/`end` are offsets in the source given to the parser.
 */
export interface OlderForm {
  readonly kind: 'section' | 'step-result';
  readonly start: number;
  readonly end: number;
  /** The tag as written (`{{#notes}}`), or the step a step-result form names. */
  readonly text: string;
}

/** What the Aegis compilers need to know about the skill around a template. */
export interface AegisOptions {
  /**
   * Steps whose result is stored under the step's own name (older files: no varName). A path
   * `step.value` or `step.output` reads that result, as older engines' `{{step.output}}` did.
   */
  readonly stepResults?: ReadonlySet<string>;
}

const RESULT_FIELDS = new Set(['value', 'output']);

/** Rewrites `step.value` / `step.output` to `step` in a template's expressions, noting each rewrite. */
export function rewriteTemplate(
  nodes: readonly TemplateNode[],
  names: ReadonlySet<string> | undefined,
  notes: OlderForm[],
): readonly TemplateNode[] {
  if (!names?.size) return nodes;
  return nodes.map((node): TemplateNode => {
    switch (node.kind) {
      case 'text':
        return node;
      case 'output':
        return { ...node, expr: rewriteExpr(node.expr, names, notes) };
      case 'for':
        return {
          ...node,
          over: rewritePath(node.over, names, notes),
          body: rewriteTemplate(node.body, names, notes),
        };
      case 'for-in':
        return {
          ...node,
          over: rewriteExpr(node.over, names, notes),
          body: rewriteTemplate(node.body, names, notes),
        };
      case 'if':
        return {
          ...node,
          branches: node.branches.map((b) => ({
            ...b,
            test: rewriteExpr(b.test, names, notes),
            body: rewriteTemplate(b.body, names, notes),
          })),
          otherwise: rewriteTemplate(node.otherwise, names, notes),
        };
    }
  });
}

/** Rewrites `step.value` / `step.output` to `step` in an expression, noting each rewrite. */
export function rewriteExpr(expr: Expr, names: ReadonlySet<string> | undefined, notes: OlderForm[]): Expr {
  if (!names?.size) return expr;
  switch (expr.kind) {
    case 'literal':
      return expr;
    case 'path':
      return rewritePath(expr, names, notes);
    case 'unary':
      return { ...expr, operand: rewriteExpr(expr.operand, names, notes) };
    case 'binary':
      return {
        ...expr,
        left: rewriteExpr(expr.left, names, notes),
        right: rewriteExpr(expr.right, names, notes),
      };
    case 'call':
      return { ...expr, args: expr.args.map((a) => rewriteExpr(a, names, notes)) };
    case 'array':
      return { ...expr, items: expr.items.map((i) => rewriteExpr(i, names, notes)) };
    case 'object':
      return {
        ...expr,
        entries: expr.entries.map((e) => ({ key: e.key, value: rewriteExpr(e.value, names, notes) })),
      };
  }
}

function rewritePath(path: PathExpr, names: ReadonlySet<string>, notes: OlderForm[]): PathExpr {
  const first: Segment | undefined = path.segments[0];
  const segments = path.segments.map((s) =>
    s.kind === 'variable-index' ? { ...s, index: rewritePath(s.index, names, notes) } : s,
  );
  if (!names.has(path.root) || first?.kind !== 'field' || !RESULT_FIELDS.has(first.name))
    return { ...path, segments };
  notes.push({ kind: 'step-result', start: path.start, end: path.end, text: path.root });
  return { ...path, segments: segments.slice(1) };
}

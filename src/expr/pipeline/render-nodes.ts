import type { Scope, SourceRef } from '../../ir/expr.js';
import { compileExpr } from '../compile/expr.js';
import type { Evaluate } from '../compile/context.js';
import type { Expr, Span } from '../ast.js';
import { pipelineSemantics } from './semantics.js';
import { tagSite } from './tag-site.js';
import type { TextNode } from './text-nodes.js';

/** Compiles one expression of `source`; its runtime errors name `tag` and point at it. */
export function compileTagExpr(expr: Expr, source: string, at: SourceRef, tag: Span): Evaluate {
  const site = tagSite(source, at, tag);
  return compileExpr(expr, { semantics: pipelineSemantics, source, depth: 0, siteAt: () => site });
}

/** Compiles text nodes into one function rendering them: tags as text (missing as ""), `{{#if}}` blocks by truthiness. */
export function compileRender(
  nodes: readonly TextNode[],
  source: string,
  at: SourceRef,
): (scope: Scope) => string {
  const { format, truthy } = pipelineSemantics;
  const parts = nodes.map((node): ((scope: Scope) => string) => {
    switch (node.kind) {
      case 'text': {
        const text = node.text;
        return () => text;
      }
      case 'tag': {
        const evaluate = compileTagExpr(node.expr, source, at, node);
        return (scope) => {
          const v = evaluate(scope, null);
          return typeof v === 'string' ? v : format(v);
        };
      }
      case 'if': {
        const test = compileTagExpr(node.test, source, at, node);
        const then = compileRender(node.then, source, at);
        const otherwise = compileRender(node.otherwise, source, at);
        return (scope) => (truthy(test(scope, null)) ? then(scope) : otherwise(scope));
      }
    }
  });
  if (parts.length === 1) return parts[0];
  return (scope) => {
    let out = '';
    for (const part of parts) out += part(scope);
    return out;
  };
}

import type { Condition, SourceRef, Template, ValueExpr } from '../../ir/expr.js';
import type { Span } from '../ast.js';
import { attempt, type CompileResult } from '../compile-error.js';
import type { TemplateContext } from '../compile/template.js';
import { compileExpr } from '../compile/expr.js';
import { compileInterpolation } from '../compile/interpolation.js';
import { compileTemplate } from '../compile/template.js';
import { exprRefs, templateReads, type LoopReads } from '../refs.js';
import { aegisSemantics } from './semantics.js';
import { tagSite } from './tag-site.js';
import { parseTemplate } from './template-parser.js';
import { parseWhen } from './when-parser.js';

/** A compiled Aegis template, with what its loop bodies read for the variable checks. */
export interface AegisTemplate extends Template {
  /** Variables read by `{{#for}}` bodies: names that may be element fields or outer variables. */
  readonly loops: readonly LoopReads[];
}

/** Compiles Aegis `{{ }}` template text; `at` is the file position of `source[0]`. */
export function compileAegisTemplate(source: string, at: SourceRef): CompileResult<AegisTemplate> {
  return attempt(() => {
    const nodes = parseTemplate(source);
    const { refs, loops } = templateReads(nodes);
    return { source, refs, loops, render: compileTemplate(nodes, templateContext(source, at)) };
  });
}

/**
 * Compiles a tool input value: exactly one `{{ expr }}` yields the expression's typed value (missing is
 * null); any other text renders as a template (or, through `evaluateInterpolated`, comes back with its
 * strings and values apart), and text without `{{` is kept as is.
 */
export function compileAegisValue(source: string, at: SourceRef): CompileResult<ValueExpr> {
  if (!source.includes('{{')) return { ok: true, value: { refs: [], evaluate: () => source } };
  return attempt(() => {
    const nodes = parseTemplate(source);
    const only = nodes.length === 1 ? nodes[0] : undefined;
    if (only?.kind === 'output' && only.start === 0 && only.end === source.length) {
      const site = tagSite(source, at, only);
      const evaluate = compileExpr(only.expr, {
        semantics: aegisSemantics,
        source,
        depth: 0,
        siteAt: () => site,
      });
      return { refs: exprRefs(only.expr), evaluate: (scope) => evaluate(scope, null) };
    }
    const context = templateContext(source, at);
    const render = compileTemplate(nodes, context);
    return {
      refs: templateReads(nodes).refs,
      evaluate: render,
      evaluateInterpolated: compileInterpolation(nodes, context),
    };
  });
}

/** Compiles an Aegis `when` guard; `at` is the file position of `source[0]`. */
export function compileAegisWhen(source: string, at: SourceRef): CompileResult<Condition> {
  return attempt(() => {
    const { expr, tags } = parseWhen(source);
    const siteAt = (span: Span) =>
      tagSite(
        source,
        at,
        tags.find((t) => t.start <= span.start && span.end <= t.end)!,
      );
    const evaluate = compileExpr(expr, { semantics: aegisSemantics, source, depth: 0, siteAt });
    const truthy = aegisSemantics.truthy;
    return { source, refs: exprRefs(expr), test: (scope) => truthy(evaluate(scope, null)) };
  });
}

function templateContext(source: string, at: SourceRef): TemplateContext {
  return { semantics: aegisSemantics, source, siteAt: (tag) => tagSite(source, at, tag) };
}

export type { CompileResult } from '../compile-error.js';

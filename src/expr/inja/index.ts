import type { Scope, Template, ValueExpr } from '../../ir/expr.js';
import { attempt, type CompileResult } from '../compile-error.js';
import { compileExpr } from '../compile/expr.js';
import { compileInterpolation, wholeValueInterpolated } from '../compile/interpolation.js';
import { compileTemplate, type TemplateContext } from '../compile/template.js';
import { exprRefs, templateReads } from '../refs.js';
import { injaSemantics } from './semantics.js';
import { tagSite, type Locate } from './tag-site.js';
import { parseInjaTemplate } from './template-parser.js';

export type { Locate } from './tag-site.js';
export { injaFunctions } from './functions.js';

const TAG = /\{[{%#]/;

/** Whether text holds an Inja tag (`{{`, `{%` or `{#`) and so must be compiled. */
export function hasInjaTags(text: string): boolean {
  return TAG.test(text);
}

/** Compiles Inja template text; `locate` maps offsets in `source` to the file, for runtime errors. */
export function compileInjaTemplate(source: string, locate: Locate): CompileResult<Template> {
  return attempt(() => {
    const nodes = parseInjaTemplate(source);
    return {
      source,
      refs: templateReads(nodes).refs,
      render: compileTemplate(nodes, templateContext(source, locate)),
    };
  });
}

/**
 * Compiles a value written as text: exactly one `{{ expr }}` (spaces around it allowed) yields the
 * expression's typed value (a list stays a list); other text with tags renders to a string (or, through
 * `evaluateInterpolated`, comes back with its strings and values apart); text without tags is kept as is.
 */
export function compileInjaValue(source: string, locate: Locate): CompileResult<ValueExpr> {
  if (!hasInjaTags(source)) return { ok: true, value: { refs: [], evaluate: () => source } };
  return attempt(() => {
    const nodes = parseInjaTemplate(source);
    const significant = nodes.filter((n) => n.kind !== 'text' || n.text.trim() !== '');
    const only = significant.length === 1 ? significant[0] : undefined;
    if (only?.kind === 'output') {
      const site = tagSite(source, locate, only);
      const evaluate = compileExpr(only.expr, {
        semantics: injaSemantics,
        source,
        depth: 0,
        siteAt: () => site,
      });
      const whole = (scope: Scope) => evaluate(scope, null);
      return {
        refs: exprRefs(only.expr),
        evaluate: whole,
        evaluateInterpolated: wholeValueInterpolated(whole),
      };
    }
    const context = templateContext(source, locate);
    return {
      refs: templateReads(nodes).refs,
      evaluate: compileTemplate(nodes, context),
      evaluateInterpolated: compileInterpolation(nodes, context),
    };
  });
}

function templateContext(source: string, locate: Locate): TemplateContext {
  return { semantics: injaSemantics, source, siteAt: (tag) => tagSite(source, locate, tag) };
}

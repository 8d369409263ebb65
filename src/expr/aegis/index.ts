import type { Condition, Scope, SourceRef, Template, ValueExpr } from '../../ir/expr.js';
import type { Span } from '../ast.js';
import { attempt, type CompileResult } from '../compile-error.js';
import type { TemplateContext } from '../compile/template.js';
import { choiceOf } from '../choice.js';
import { compileExpr } from '../compile/expr.js';
import { compileInterpolation, wholeValueInterpolated } from '../compile/interpolation.js';
import { compileTemplate } from '../compile/template.js';
import { exprRefs, templateReads, type LoopReads } from '../refs.js';
import { rewriteExpr, rewriteTemplate, type AegisOptions, type OlderForm } from './older-forms.js';
import { aegisSemantics } from './semantics.js';
import { tagSite } from './tag-site.js';
import { parseTemplate } from './template-parser.js';
import { parseWhen } from './when-parser.js';

/** Older forms an Aegis compiler met (JMustache sections, `{{step.output}}`), for the front end's warnings. */
export interface OlderForms {
  readonly olderForms: readonly OlderForm[];
}

/** A compiled Aegis template, with what its loop bodies read for the variable checks. */
export interface AegisTemplate extends Template, OlderForms {
  /** Variables read by `{{#for}}` bodies: names that may be element fields or outer variables. */
  readonly loops: readonly LoopReads[];
}

/** Compiles Aegis `{{ }}` template text; `at` is the file position of `source[0]`. */
export function compileAegisTemplate(
  source: string,
  at: SourceRef,
  options: AegisOptions = {},
): CompileResult<AegisTemplate> {
  return attempt(() => {
    const olderForms: OlderForm[] = [];
    const nodes = rewriteTemplate(parseTemplate(source, olderForms), options.stepResults, olderForms);
    const { refs, loops } = templateReads(nodes);
    return { source, refs, loops, olderForms, render: compileTemplate(nodes, templateContext(source, at)) };
  });
}

/**
 * Compiles a tool input value: exactly one `{{ expr }}` (with nothing but white space around it, such as
 * a YAML block scalar's final line break) yields the expression's typed value: a path's value as it is
 * (missing is null), arithmetic as a number. Any other text renders as a template (or, through
 * `evaluateInterpolated`, comes back with its strings and values apart); text without `{{` is kept as is.
 */
export function compileAegisValue(
  source: string,
  at: SourceRef,
  options: AegisOptions = {},
): CompileResult<ValueExpr & OlderForms> {
  if (!source.includes('{{'))
    return { ok: true, value: { refs: [], olderForms: [], evaluate: () => source } };
  return attempt(() => {
    const olderForms: OlderForm[] = [];
    const nodes = rewriteTemplate(parseTemplate(source, olderForms), options.stepResults, olderForms);
    const outputs = nodes.filter((n) => n.kind !== 'text' || n.text.trim() !== '');
    const only = outputs.length === 1 ? outputs[0] : undefined;
    if (only?.kind === 'output') {
      const site = tagSite(source, at, only);
      const evaluate = compileExpr(only.expr, {
        semantics: aegisSemantics,
        source,
        depth: 0,
        siteAt: () => site,
      });
      const whole = (scope: Scope) => evaluate(scope, null);
      return {
        refs: exprRefs(only.expr),
        olderForms,
        evaluate: whole,
        evaluateInterpolated: wholeValueInterpolated(whole),
      };
    }
    const context = templateContext(source, at);
    const render = compileTemplate(nodes, context);
    return {
      refs: templateReads(nodes).refs,
      olderForms,
      evaluate: render,
      evaluateInterpolated: compileInterpolation(nodes, context),
    };
  });
}

/** Compiles an Aegis `when` guard; `at` is the file position of `source[0]`. */
export function compileAegisWhen(
  source: string,
  at: SourceRef,
  options: AegisOptions = {},
): CompileResult<Condition & OlderForms> {
  return attempt(() => {
    const parsed = parseWhen(source);
    const olderForms: OlderForm[] = [];
    const expr = rewriteExpr(parsed.expr, options.stepResults, olderForms);
    const siteAt = (span: Span) =>
      tagSite(
        source,
        at,
        parsed.tags.find((t) => t.start <= span.start && span.end <= t.end)!,
      );
    const evaluate = compileExpr(expr, { semantics: aegisSemantics, source, depth: 0, siteAt });
    const truthy = aegisSemantics.truthy;
    const choice = choiceOf(expr);
    return {
      source,
      refs: exprRefs(expr),
      olderForms,
      ...(choice ? { choice } : {}),
      test: (scope) => truthy(evaluate(scope, null)),
    };
  });
}

function templateContext(source: string, at: SourceRef): TemplateContext {
  return { semantics: aegisSemantics, source, siteAt: (tag) => tagSite(source, at, tag) };
}

export type { CompileResult } from '../compile-error.js';
export type { AegisOptions, OlderForm } from './older-forms.js';

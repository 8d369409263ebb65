import { EvaluationError, Interpolated, type Scope } from '../../ir/expr.js';
import type { TemplateNode } from '../ast.js';
import { compileExpr } from './expr.js';
import type { TemplateContext } from './template.js';

/**
 * Compiles text with interpolations into a function that keeps the strings and the typed values
 * apart (an `Interpolated`), for tools that bind values instead of splicing them, such as SQL.
 * Loops and conditions cannot be kept apart that way; evaluating text with one fails with a clear error.
 */
export function compileInterpolation(
  nodes: readonly TemplateNode[],
  ctx: TemplateContext,
): (scope: Scope) => Interpolated {
  const strings: string[] = [''];
  const parts: ((scope: Scope) => unknown)[] = [];
  let loop = false;
  for (const node of nodes) {
    if (node.kind === 'text') strings[strings.length - 1] += node.text;
    else if (node.kind !== 'output') loop = true;
    else {
      const site = ctx.siteAt(node);
      const evaluate = compileExpr(node.expr, {
        semantics: ctx.semantics,
        source: ctx.source,
        depth: 0,
        siteAt: () => site,
      });
      parts.push((scope) => evaluate(scope, null));
      strings.push('');
    }
  }
  const format = ctx.semantics.format;
  return (scope) => {
    if (loop)
      throw new EvaluationError(
        'values bound by this tool cannot come from a loop or a condition ({{#for}}, {% for %}, {% if %}); build the text in an earlier step first',
      );
    const values = parts.map((p) => p(scope));
    let text = strings[0];
    for (let i = 0; i < values.length; i++) text += format(values[i] ?? null) + strings[i + 1];
    return new Interpolated(strings, values, text);
  };
}

/**
 * `evaluateInterpolated` for a value written as exactly one `{{ expr }}`: text comes back as an
 * `Interpolated` with no strings of its own, so a tool that binds values (SQL) can tell that its
 * whole input came from a value and refuse it, instead of running text spliced in an earlier step.
 */
export function wholeValueInterpolated(evaluate: (scope: Scope) => unknown): (scope: Scope) => unknown {
  return (scope) => {
    const value = evaluate(scope);
    return typeof value === 'string' ? new Interpolated(['', ''], [value], value) : value;
  };
}

import type { SourceRef, ValueExpr } from '../../ir/expr.js';
import type { CallExpr, Span } from '../ast.js';
import { parseFallbacks } from './fallbacks.js';
import { parseText } from './parse-text.js';
import { exprReads, roots, textReads, type PathRead } from './reads.js';
import { compileRender, compileTagExpr } from './render-nodes.js';
import { attempt, type CompileResult } from './result.js';

/** A compiled pipeline value with the paths it reads, for the front end's checks. */
export interface PipelineValue extends ValueExpr {
  readonly reads: readonly PathRead[];
  /** Fallback literals written without quotes (`|| none yet`): taken as text, but better quoted. */
  readonly unquoted?: readonly Span[];
}

/**
 * Compiles a pipeline value (a step input or outputMapping string); `at` is the file position of `source[0]`.
 * Exactly one `{{ expr }}` keeps the value's type; `{{a}} || {{b}} || 'text'` is the first that is not
 * missing, null or "" (a literal without quotes is its trimmed text); other text with tags renders as a
 * string (missing as ""); text without `{{` is itself.
 */
export function compilePipelineValue(source: string, at: SourceRef): CompileResult<PipelineValue> {
  if (!source.includes('{{')) return { ok: true, value: { refs: [], reads: [], evaluate: () => source } };
  return attempt(() => {
    const whole = { start: 0, end: source.length };
    const fallbacks = parseFallbacks(source);
    if (fallbacks) {
      const expr: CallExpr = { kind: 'call', name: 'or', args: fallbacks.exprs, ...whole };
      const value = typed(exprReads(expr), compileTagExpr(expr, source, at, whole));
      return fallbacks.unquoted.length ? { ...value, unquoted: fallbacks.unquoted } : value;
    }
    const nodes = parseText(source, false);
    const only = nodes.length === 1 ? nodes[0] : undefined;
    if (only?.kind === 'tag' && only.start === 0 && only.end === source.length)
      return typed(exprReads(only.expr), compileTagExpr(only.expr, source, at, only));
    const render = compileRender(nodes, source, at);
    const reads = textReads(nodes);
    return { refs: roots(reads), reads, evaluate: render };
  });
}

function typed(reads: PathRead[], evaluate: ReturnType<typeof compileTagExpr>): PipelineValue {
  return { refs: roots(reads), reads, evaluate: (scope) => evaluate(scope, null) };
}

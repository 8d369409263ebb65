import type { Condition, SourceRef } from '../../ir/expr.js';
import { compilePipelineValue } from './compile-value.js';
import { parseTag } from './parse-tag.js';
import { exprReads, roots, type PathRead } from './reads.js';
import { compileTagExpr } from './render-nodes.js';
import { attempt, type CompileResult } from './result.js';
import { pipelineSemantics } from './semantics.js';

/** A compiled `condition`, with the paths it reads. */
export interface PipelineCondition extends Condition {
  readonly reads: readonly PathRead[];
}

/**
 * Compiles a step's `condition`: a value as above (`{{steps.search.count > 0}}`), or a bare expression
 * without braces (`steps.search.count > 0`); the step runs when the value is truthy.
 */
export function compilePipelineCondition(source: string, at: SourceRef): CompileResult<PipelineCondition> {
  const truthy = pipelineSemantics.truthy;
  if (source.includes('{{')) {
    const value = compilePipelineValue(source, at);
    if (!value.ok) return value;
    const { refs, reads, evaluate } = value.value;
    return { ok: true, value: { source, refs, reads, test: (scope) => truthy(evaluate(scope)) } };
  }
  return attempt(() => {
    const expr = parseTag(source, 0, source.length);
    const evaluate = compileTagExpr(expr, source, at, { start: 0, end: source.length });
    const reads = exprReads(expr);
    return { source, refs: roots(reads), reads, test: (scope) => truthy(evaluate(scope, null)) };
  });
}

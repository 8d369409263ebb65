import type { Condition, SourceRef } from '../../ir/expr.js';
import { EvaluationError } from '../../ir/expr.js';
import { CompileError } from '../compile-error.js';
import { compileExpr } from '../compile/expr.js';
import { exprRefs } from '../refs.js';
import { parseCondition } from './parser.js';
import { conditionSemantics } from './semantics.js';

/** A compiled condition, or what is wrong and where (offset and length inside the source). */
export type ConditionResult =
  { ok: true; value: Condition } | { ok: false; message: string; offset: number; length: number };

/**
 * Compiles a state condition (`state.profile.intake_status != 'completed'`) against the shared
 * expression core; `at` is the file position of the condition, for errors raised while testing it.
 */
export function compileCondition(source: string, at?: SourceRef): ConditionResult {
  try {
    const expr = parseCondition(source);
    const site = {
      fail: (message: string): never => {
        throw new EvaluationError(`${message} in ${source}`, at);
      },
    };
    const evaluate = compileExpr(expr, {
      semantics: conditionSemantics,
      source,
      depth: 0,
      siteAt: () => site,
    });
    const truthy = conditionSemantics.truthy;
    return {
      ok: true,
      value: { source, refs: exprRefs(expr), test: (scope) => truthy(evaluate(scope, null)) },
    };
  } catch (e) {
    if (!(e instanceof CompileError)) throw e;
    return { ok: false, message: e.message, offset: e.offset, length: e.length };
  }
}

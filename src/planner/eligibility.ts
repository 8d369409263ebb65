import type { Condition } from '../ir/expr.js';
import type { Skill } from '../ir/skill.js';

/** Whether a skill may run on a state, and if not, why. */
export type Eligibility = { eligible: true } | { eligible: false; why: string };

/** What conditions see: the session state and the session's context. */
export function conditionScope(
  state: Readonly<Record<string, unknown>>,
  context: string | undefined,
): Record<string, unknown> {
  return { state, context: context ?? null };
}

/**
 * Checks a skill's context, `triggers.state_conditions` (all must hold), `requires.all` and
 * `requires.any`. A skill without planning facts is always eligible. `triggers` are skipped when
 * `requiresOnly` (a skill named explicitly still has to meet its requirements).
 */
export function eligibility(
  skill: Skill,
  state: Readonly<Record<string, unknown>>,
  context: string | undefined,
  requiresOnly = false,
): Eligibility {
  const facts = skill.planning;
  if (!facts) return { eligible: true };
  const scope = conditionScope(state, context);
  if (!requiresOnly) {
    if (facts.contexts.length && (!context || !facts.contexts.includes(context)))
      return {
        eligible: false,
        why: `it is for the context${facts.contexts.length > 1 ? 's' : ''} ${facts.contexts.join(', ')}, and the session's is ${context ?? 'not set'}`,
      };
    const failed = firstFalse(facts.when, scope);
    if (failed) return { eligible: false, why: `triggers.state_conditions: ${failed}` };
  }
  const missing = firstFalse(facts.requiresAll, scope);
  if (missing) return { eligible: false, why: `requires.all: ${missing}` };
  if (facts.requiresAny.length && facts.requiresAny.every((c) => test(c, scope) !== true))
    return {
      eligible: false,
      why: `requires.any: none of ${facts.requiresAny.map((c) => c.source).join(' | ')} holds`,
    };
  return { eligible: true };
}

/** The first condition that does not hold, described. */
function firstFalse(conditions: readonly Condition[], scope: Record<string, unknown>): string | undefined {
  for (const c of conditions) {
    const result = test(c, scope);
    if (result !== true)
      return result === false ? `${c.source} is false` : `${c.source} cannot be tested: ${result}`;
  }
  return undefined;
}

function test(c: Condition, scope: Record<string, unknown>): boolean | string {
  try {
    return c.test(scope);
  } catch (e) {
    return (e as Error).message;
  }
}

import type { Condition } from '../ir/expr.js';
import type { Skill } from '../ir/skill.js';

/**
 * What the planner knows about a skill, from any dialect that supplies it (engine skill folders do,
 * from skill.meta.json), under `skill.meta.planning`. Conditions read `state` (and `context`).
 */
export interface PlanningFacts {
  /** Session contexts the skill is for (`matter`, `consultation`); empty: any. */
  contexts: readonly string[];
  /** `triggers.state_conditions`: every one must hold. */
  when: readonly Condition[];
  /** `requires.all`: every one must hold. */
  requiresAll: readonly Condition[];
  /** `requires.any`: one must hold (none listed: no requirement). */
  requiresAny: readonly Condition[];
  /** State paths the skill writes (`profile.summary`, `evidence_list`). */
  provides: readonly string[];
  /** Only run when named (internal or api_call_only): never chosen by rules or the model. */
  internal: boolean;
}

/** A skill's planning facts, when it has them. */
export function planningFacts(skill: Skill): PlanningFacts | undefined {
  const facts = skill.meta?.planning as PlanningFacts | undefined;
  return facts && Array.isArray(facts.when) && Array.isArray(facts.contexts) ? facts : undefined;
}

import { compileCondition } from '../expr/conditions/index.js';
import type { Condition } from '../ir/expr.js';

/** A rule that picks a skill whenever its condition holds, before any model is asked. */
export interface PriorityRule {
  when: Condition;
  skill: string;
  reason?: string;
}

/** A rule as written (playbook `priority_rules`): `{"when": "state.x > 0", "skill": "…", "reason": "…"}`. */
export interface RuleSource {
  when: string;
  skill: string;
  reason?: string;
}

/** Compiles rules; each one that does not compile, or reads anything but `state` and `context`, is named in `errors`. */
export function compileRules(sources: readonly RuleSource[]): { rules: PriorityRule[]; errors: string[] } {
  const rules: PriorityRule[] = [];
  const errors: string[] = [];
  sources.forEach((source, i) => {
    const compiled = compileCondition(source.when);
    const where = `rule ${i + 1} (${source.skill}): "${source.when}"`;
    if (!compiled.ok) return void errors.push(`${where} at ${compiled.offset + 1}: ${compiled.message}`);
    const roots = compiled.value.refs.filter((r) => r !== 'state' && r !== 'context');
    if (roots.length)
      return void errors.push(
        `${where} reads ${roots.join(', ')}; rules read the session state as state.<field> (e.g. state.${roots[0]})`,
      );
    rules.push({ when: compiled.value, skill: source.skill, reason: source.reason });
  });
  return { rules, errors };
}

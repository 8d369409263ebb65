import type { Diagnostic } from '../ir/diagnostic.js';
import type { CheckFacts as Skill } from '../ir/skill.js';
import { splitSkillRef } from '../ir/skill-ref.js';

/** Skills loaded together, each unit with the diagnostics to add to. */
interface UnitOfSkills {
  skills: readonly Skill[];
  diagnostics: Diagnostic[];
}

/**
 * Checks the skills loaded together against each other through `Skill.calls`, whatever their dialect,
 * and adds the findings to their units: a called skill that is not among them is a warning (a host may
 * supply it; running the caller fails at that call otherwise), and calls that come back round to a skill
 * are an error on every skill of the circle.
 */
export function checkCalls(units: readonly UnitOfSkills[]): void {
  const unitOf = new Map<Skill, UnitOfSkills>();
  const byId = new Map<string, Skill[]>();
  for (const unit of units)
    for (const skill of unit.skills) {
      unitOf.set(skill, unit);
      byId.set(skill.id, [...(byId.get(skill.id) ?? []), skill]);
    }
  const report = (
    skill: Skill,
    index: number,
    severity: Diagnostic['severity'],
    code: string,
    message: string,
  ) => {
    const site = skill.callSites?.[index];
    unitOf.get(skill)!.diagnostics.push({
      file: site?.file ?? skill.source,
      line: site?.line ?? 1,
      column: site?.column ?? 1,
      severity,
      code,
      message,
    });
  };
  for (const skill of unitOf.keys())
    (skill.calls ?? []).forEach((call, i) => {
      if (!find(byId, call))
        report(
          skill,
          i,
          'warning',
          'skein/call-not-loaded',
          `${skill.id} calls "${call}", which is not among the skills loaded here; validate it together with the folder that holds "${call}", or make sure the skills path has it, else running ${skill.id} fails at that call`,
        );
    });
  for (const cycle of findCycles(unitOf.keys(), byId))
    cycle.forEach(({ skill, index }, k) => {
      const path = [...cycle.slice(k), ...cycle.slice(0, k), cycle[k]].map((c) => c.skill.id).join(' → ');
      report(
        skill,
        index,
        'error',
        'skein/call-cycle',
        `${skill.id} calls itself through other skills (${path}); break the circle, since such a run would never end`,
      );
    });
}

/** The skill a call names: `id` (any version) or `id@version`. */
function find(byId: Map<string, Skill[]>, call: string): Skill | undefined {
  const { id, version } = splitSkillRef(call);
  return byId.get(id)?.find((s) => version === undefined || s.version === version);
}

type CallStep = { skill: Skill; index: number };

/** Each circle of calls once, as the skills in it with the index of their call to the next one. */
function findCycles(skills: Iterable<Skill>, byId: Map<string, Skill[]>): CallStep[][] {
  const cycles: CallStep[][] = [];
  const state = new Map<Skill, 'visiting' | 'done'>();
  const stack: CallStep[] = [];
  const visit = (skill: Skill) => {
    state.set(skill, 'visiting');
    (skill.calls ?? []).forEach((call, index) => {
      const next = find(byId, call);
      if (!next) return;
      stack.push({ skill, index });
      if (state.get(next) === 'visiting') cycles.push(stack.slice(stack.findIndex((s) => s.skill === next)));
      else if (!state.has(next)) visit(next);
      stack.pop();
    });
    state.set(skill, 'done');
  };
  for (const skill of skills) if (!state.has(skill)) visit(skill);
  return cycles;
}

import type { Graph } from '../ir/graph.js';
import type { CodeSpec } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';

/** Node kinds that only compute from the run's context (or pause for a person). */
const PURE_KINDS = new Set(['template', 'assign', 'await', 'end']);

/**
 * Whether a skill touches nothing outside its run: no tool, model or agent step, code only in the
 * Python sandbox, and every skill it calls just as pure. Such a skill is read-only and idempotent.
 */
export function isPureSkill(
  skill: Skill,
  byId: ReadonlyMap<string, Skill>,
  seen = new Set<string>(),
): boolean {
  if (!skill.graph || seen.has(skill.id)) return Boolean(skill.graph);
  seen.add(skill.id);
  const graphs: Graph[] = [skill.graph, ...Object.values(skill.subgraphs ?? {})];
  return graphs.every((g) =>
    g.nodes.every((node) => {
      if (PURE_KINDS.has(node.kind)) return true;
      if (node.kind === 'code') return sandboxed(node.code);
      if (node.kind === 'route') return sandboxed(node.resolver);
      if (node.kind !== 'call') return false;
      if ('graph' in node.target) return true;
      const callee = byId.get(node.target.skill.split('@')[0]);
      return callee !== undefined && isPureSkill(callee, byId, seen);
    }),
  );
}

const sandboxed = (code: CodeSpec) => code.language === 'python';

import type { AgentNode, LlmNode, Node } from './nodes.js';
import type { Skill } from './skill.js';
import { splitSkillRef } from './skill-ref.js';

/** Whether a node calls a model. */
export function usesModel(node: Node): node is LlmNode | AgentNode {
  return node.kind === 'llm' || node.kind === 'agent';
}

/**
 * Whether running a skill needs a model: one of its nodes (in a subgraph too) calls one, or a skill it
 * calls does. Called skills are looked up in `others` by `id[@version]` (a bare id: the first of that id,
 * which is the highest version in a library's order); one that is not there counts as needing none.
 */
export function needsModel(skill: Skill, others: readonly Skill[] = []): boolean {
  const seen = new Set<Skill>();
  const visit = (s: Skill): boolean => {
    if (seen.has(s)) return false;
    seen.add(s);
    for (const graph of [s.graph, ...Object.values(s.subgraphs ?? {})])
      for (const node of graph?.nodes ?? []) {
        if (usesModel(node)) return true;
        if (node.kind !== 'call' || !('skill' in node.target)) continue;
        const called = findSkill(others, node.target.skill);
        if (called && visit(called)) return true;
      }
    return false;
  };
  return visit(skill);
}

function findSkill(skills: readonly Skill[], ref: string): Skill | undefined {
  const { id, version } = splitSkillRef(ref);
  return skills.find((s) => s.id === id && (version === undefined || s.version === version));
}

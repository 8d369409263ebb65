import type { CodeSpec } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';

/**
 * The scripts of a skill that a case can call directly, by name: an agent's `validate`, `preprocess`
 * and `postprocess` (also as `<node>.validate`, …), and code and route nodes by their id.
 */
export function skillScripts(skill: Skill): Map<string, CodeSpec> {
  const scripts = new Map<string, CodeSpec>();
  const graphs = [skill.graph, ...Object.values(skill.subgraphs ?? {})];
  for (const graph of graphs)
    for (const node of graph?.nodes ?? []) {
      if (node.kind === 'agent')
        for (const role of ['validate', 'preprocess', 'postprocess'] as const) {
          const spec = node[role];
          if (!spec) continue;
          if (!scripts.has(role)) scripts.set(role, spec);
          scripts.set(`${node.id}.${role}`, spec);
        }
      else if (node.kind === 'code') scripts.set(node.id, node.code);
      else if (node.kind === 'route') scripts.set(node.id, node.resolver);
    }
  return scripts;
}

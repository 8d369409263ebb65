import type { Skill } from '../ir/skill.js';
import { RunFailure } from './errors.js';

/** A subgraph of a skill as a skill of its own: any object in, its end node's value out. */
export function subgraphSkill(parent: Skill, name: string): Skill {
  const graph = parent.subgraphs?.[name];
  if (!graph) {
    const known = Object.keys(parent.subgraphs ?? {});
    throw new RunFailure(
      'subgraph_not_found',
      `${parent.id} has no subgraph "${name}"${known.length ? `; it has ${known.join(', ')}` : ''}`,
    );
  }
  return { ...parent, graph, input: { type: 'object' }, output: {}, inputAt: [] };
}

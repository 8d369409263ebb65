import type { Skill } from '../ir/skill.js';
import { shareFiles } from '../ir/skill-files.js';
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
  const skill: Skill = { ...parent, graph, input: { type: 'object' }, output: {}, inputAt: [] };
  // A child run of a subgraph is pinned to its parent's files.
  shareFiles(parent, skill);
  return skill;
}

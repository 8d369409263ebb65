import type { Skill } from '../../ir/skill.js';
import type { SkillRef } from './store.js';

/** Finds skills (src/skills implements it): by id[@version] for `call` nodes, and by reference to resume a run. */
export interface SkillService {
  find(idAtVersion: string): Promise<Skill>;
  load(ref: SkillRef): Promise<Skill>;
}

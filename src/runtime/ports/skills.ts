import type { Skill } from '../../ir/skill.js';
import type { SkillRef } from './store.js';

/** Finds skills (src/skills implements it): by id[@version] for `call` nodes, and by reference to resume a run. */
export interface SkillService {
  /** `id[@version]`; `near`, the file of the calling skill: skills in its folder are found too. */
  find(idAtVersion: string, near?: string): Promise<Skill>;
  load(ref: SkillRef): Promise<Skill>;
  /**
   * The skill `ref` names, compiled from a run's snapshot of its files (path → text) and nothing else:
   * how a pinned run resumes whatever its files say now. Without it, runs resume from the current files.
   */
  compile?(ref: SkillRef, files: Readonly<Record<string, string>>): Promise<Skill>;
  /**
   * The highest version of `ref`'s skill now: in its file as it is now, or in the skills path (of two
   * with one version, the file's). How a run is upgraded; without it, runs cannot be.
   */
  newest?(ref: SkillRef): Promise<Skill>;
}

// What a run is pinned to: the digest of its skill's files, and the skill a resume compiles from them
// (docs/runtime.md, "Runs pinned to their skill").
import type { Skill } from '../ir/skill.js';
import { sourceOf } from '../ir/skill-files.js';
import type { SkillService } from './ports/skills.js';
import type { RunStore, SkillRef } from './ports/store.js';

/** `{digest}` of the files a skill was compiled from, when a loader recorded them. */
export function digestOf(skill: Skill): { digest?: string } {
  const digest = sourceOf(skill)?.digest;
  return digest ? { digest } : {};
}

/**
 * The skill a run resumes with: the files it started with (its pinned snapshot), whatever they say
 * now. The current files are used when they are the same (same digest), or for a run stored without a
 * snapshot; otherwise the snapshot is compiled, and `changed` says from which digest to which.
 */
export async function pinnedSkill(
  skills: SkillService,
  store: RunStore,
  ref: SkillRef,
): Promise<{ skill: Skill; changed?: { from: string; to: string | null } }> {
  if (!ref.digest || !skills.compile) return { skill: await skills.load(ref) };
  const current = await skills.load(ref).catch(() => undefined);
  const now = current && sourceOf(current)?.digest;
  if (current && now === ref.digest) return { skill: current };
  const files = await store.getSource(ref.digest);
  if (!files) return { skill: current ?? (await skills.load(ref)) };
  return { skill: await skills.compile(ref, files), changed: { from: ref.digest, to: now ?? null } };
}

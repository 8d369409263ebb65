// Only the two functions used: the whole semver package costs ~20 ms of cold start.
import compareVersions from 'semver/functions/compare.js';
import validVersion from 'semver/functions/valid.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';
import { splitSkillRef } from '../ir/skill-ref.js';
import type { LoadedUnit } from './load-paths.js';
import { SkeinError } from '../errors/index.js';
import { dedupeSkills } from './duplicates.js';

/** A mistake in finding a skill (unknown id, unknown version, ambiguous folder). */
export class SkillLookupError extends SkeinError {
  constructor(message: string) {
    super('skill_not_found', message);
    this.name = 'SkillLookupError';
  }
}

/**
 * The skills found in some folders, by id, with every version. `id@version` picks one; a bare `id`
 * picks the highest semantic version. The same id and version twice is an error naming both files.
 */
export class SkillLibrary {
  private readonly byId = new Map<string, Skill[]>();
  readonly diagnostics: Diagnostic[] = [];

  constructor(units: readonly LoadedUnit[]) {
    const { unique, twins } = dedupeSkills(units.flatMap((u) => u.skills));
    this.diagnostics.push(...twins.map((t) => t.error));
    for (const skill of unique) {
      const versions = this.byId.get(skill.id) ?? [];
      versions.push(skill);
      versions.sort((a, b) => byVersion(b.version, a.version));
      this.byId.set(skill.id, versions);
    }
  }

  /** Every skill, highest version first within an id, ids in alphabetical order. */
  all(): Skill[] {
    return [...this.byId.keys()].sort().flatMap((id) => this.byId.get(id)!);
  }

  /** The highest version of each id, ids in alphabetical order. */
  latest(): Skill[] {
    return [...this.byId.keys()].sort().map((id) => this.byId.get(id)![0]);
  }

  /** Finds `id` (highest version) or `id@version`. */
  find(idAtVersion: string): Skill {
    const { id, version } = splitSkillRef(idAtVersion);
    const versions = this.byId.get(id);
    if (!versions) {
      const known = [...this.byId.keys()].sort();
      throw new SkillLookupError(
        `no skill "${id}"${known.length ? `; known: ${known.join(', ')}` : ' (the skills path has no skills)'}`,
      );
    }
    if (!version) return versions[0];
    const skill = versions.find((s) => s.version === version);
    if (!skill)
      throw new SkillLookupError(
        `skill "${id}" has no version ${version}; versions: ${versions.map((s) => s.version).join(', ')}`,
      );
    return skill;
  }
}

/** Semantic versions in order; a version that is not semantic sorts below every one that is. */
export function byVersion(a: string, b: string): number {
  const va = validVersion(a);
  const vb = validVersion(b);
  if (va && vb) return compareVersions(va, vb);
  return va ? 1 : vb ? -1 : a.localeCompare(b);
}

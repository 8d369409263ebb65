import type { Diagnostic } from '../ir/diagnostic.js';

/** What tells two skills apart. */
export interface SkillKey {
  id: string;
  version: string;
  source: string;
}

/**
 * The skills with each id@version once, the first found winning, and for each later twin an error
 * naming both sources. `skein list` (the library) and `skein validate` both judge duplicates here.
 */
export function dedupeSkills<S extends SkillKey>(
  skills: Iterable<S>,
): { unique: S[]; twins: { skill: S; error: Diagnostic }[] } {
  const first = new Map<string, S>();
  const unique: S[] = [];
  const twins: { skill: S; error: Diagnostic }[] = [];
  for (const skill of skills) {
    const key = `${skill.id}@${skill.version}`;
    const winner = first.get(key);
    if (!winner) {
      first.set(key, skill);
      unique.push(skill);
      continue;
    }
    twins.push({
      skill,
      error: {
        file: skill.source,
        line: 1,
        column: 1,
        severity: 'error',
        code: 'skein/duplicate-skill',
        message: `${key} is defined twice: here and in ${winner.source}, which is the one loaded; rename one of them or give it another version`,
      },
    });
  }
  return { unique, twins };
}

import { existsSync } from 'node:fs';
import type { Diagnostic } from '../../ir/diagnostic.js';
import type { DialectName, Skill } from '../../ir/skill.js';
import { loadPaths } from '../../library/load-paths.js';
import type { LibrarySkillService } from '../../library/skill-service.js';
import { SkeinError } from '../../ir/errors.js';

/** The skill named on the command line could not be used; exit code 2. */
export class BadSkillError extends SkeinError {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super('bad_skill', message);
    this.name = 'BadSkillError';
  }
}

/** SKILL is a file, a skill folder, or `id[@version]` in the skills path. */
export async function resolveSkill(
  arg: string,
  skills: LibrarySkillService,
  dialect?: DialectName,
): Promise<Skill> {
  if (!existsSync(arg)) {
    try {
      return await skills.find(arg);
    } catch (e) {
      throw new BadSkillError(
        `${(e as Error).message} (SKILL is a file, a skill folder, or id[@version] in the skills path)`,
      );
    }
  }
  skills.near(arg);
  const { units } = await loadPaths([arg], { dialect });
  const errors = units.flatMap((u) => u.diagnostics).filter((d) => d.severity === 'error');
  const found = units.flatMap((u) => u.skills);
  if (errors.length)
    throw new BadSkillError(
      `${arg} has errors:\n${errors.map((d) => `  ${d.file}:${d.line}:${d.column}: ${d.code} ${d.message}`).join('\n')}`,
      errors,
    );
  if (found.length === 1) return found[0];
  if (!found.length) throw new BadSkillError(`${arg} holds no skill`);
  throw new BadSkillError(
    `${arg} holds several skills (${found.map((s) => `${s.id}@${s.version}`).join(', ')}); name one with id[@version]`,
  );
}

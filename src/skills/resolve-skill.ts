import { existsSync } from 'node:fs';
import { errorsIn, type Diagnostic } from '../ir/diagnostic.js';
import { SkeinError } from '../errors/index.js';
import type { DialectName, Skill } from '../ir/skill.js';
import { loadPaths } from './load-paths.js';
import type { LibrarySkillService } from './skill-service.js';

/** The skill named (a file, a folder, or id[@version]) cannot be used: unknown, several, or with errors. */
export class BadSkillError extends SkeinError {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super('bad_skill', message);
    this.name = 'BadSkillError';
  }
}

/**
 * The skill a user names: a file, a skill folder, or `id[@version]` in the skills path. The skills
 * beside a file or folder are found by its calls (`LibrarySkillService.find` with the caller's source).
 */
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
  const { units } = await loadPaths([arg], { dialect });
  const errors = errorsIn(units.flatMap((u) => u.diagnostics));
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

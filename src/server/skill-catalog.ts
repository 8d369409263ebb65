import type { Skein } from '../host/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';

/**
 * The skills the server shows: the Skein's one library (docs/library-api.md), walked once, so a
 * listing costs no file reads; `skein serve --watch` reloads it when skill files change.
 */
export class SkillCatalog {
  constructor(private readonly skein: Skein) {}

  /** Every skill, ids in order, highest version first within an id. */
  all(): Promise<Skill[]> {
    return this.skein.skills.list();
  }

  /** The errors that keep files of the skills path out of `all`. */
  diagnostics(): Promise<Diagnostic[]> {
    return this.skein.skills.diagnostics();
  }

  /** Every version of one id, highest first. */
  async versions(id: string): Promise<Skill[]> {
    return (await this.all()).filter((s) => s.id === id);
  }

  /** A skill by id: its highest version, or `version`; a `SkillLookupError` names what exists. */
  find(id: string, version?: string): Promise<Skill> {
    return this.skein.skills.find(version ? `${id}@${version}` : id);
  }
}

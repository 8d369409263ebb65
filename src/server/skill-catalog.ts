import type { Skein } from '../host/index.js';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';

/**
 * The skills the server shows: the facade's list, read once (as the facade's own lookups by id are),
 * so a listing costs no file reads; restart the server to see new or changed skill files.
 */
export class SkillCatalog {
  private list: Promise<Skill[]> | undefined;
  private problems: Promise<Diagnostic[]> | undefined;

  constructor(private readonly skein: Skein) {}

  /** Every skill, ids in order, highest version first within an id. */
  all(): Promise<Skill[]> {
    return (this.list ??= this.skein.skills.list());
  }

  /** The errors that keep files of the skills path out of `all` (read once too). */
  diagnostics(): Promise<Diagnostic[]> {
    return (this.problems ??= this.skein.skills.diagnostics());
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

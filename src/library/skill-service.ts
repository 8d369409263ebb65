import { existsSync } from 'node:fs';
import type { Skill } from '../ir/skill.js';
import type { SkillService } from '../runtime/services.js';
import type { SkillRef } from '../runtime/store.js';
import { SkillLibrary, SkillLookupError } from './library.js';
import { loadPaths } from './load-paths.js';

/** Finds skills in the skills path for `call` nodes, and reloads a run's skill from its source to resume it. */
export class LibrarySkillService implements SkillService {
  private library: Promise<SkillLibrary> | undefined;

  constructor(private readonly skillsPath: readonly string[]) {}

  /** The library of the skills path, loaded once. */
  libraryOnce(): Promise<SkillLibrary> {
    this.library ??= loadPaths(this.skillsPath.filter((p) => existsSync(p))).then(
      (r) => new SkillLibrary(r.units),
    );
    return this.library;
  }

  async find(idAtVersion: string): Promise<Skill> {
    return (await this.libraryOnce()).find(idAtVersion);
  }

  async load(ref: SkillRef): Promise<Skill> {
    const { units } = await loadPaths([ref.source]);
    const skill = units.flatMap((u) => u.skills).find((s) => s.id === ref.id && s.version === ref.version);
    if (skill) return skill;
    const errors = units.flatMap((u) => u.diagnostics).filter((d) => d.severity === 'error');
    throw new SkillLookupError(
      `cannot reload ${ref.id}@${ref.version} from ${ref.source}` +
        (errors.length
          ? `: ${errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`).join('; ')}`
          : ': it is no longer there'),
    );
  }
}

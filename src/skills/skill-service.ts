import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorsIn } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';
import type { SkillService, SkillRef } from '../runtime/index.js';
import { SkillLibrary, SkillLookupError } from './library.js';
import { loadPaths } from './load-paths.js';

/**
 * Finds skills for `call` nodes: in the skills path, then beside the skills being run (so that a
 * composite run by its path finds its sibling skills); reloads a run's skill from its source to resume it.
 */
export class LibrarySkillService implements SkillService {
  private library: Promise<SkillLibrary> | undefined;
  private readonly paths: string[];

  constructor(skillsPath: readonly string[]) {
    this.paths = [...skillsPath];
  }

  /** Also looks in the folder that holds this skill file or skill folder. */
  near(source: string): void {
    const folder = dirname(resolve(source));
    if (this.paths.includes(folder)) return;
    this.paths.push(folder);
    this.library = undefined;
  }

  /** The library of the skills path, loaded once (again after `near` adds a folder). */
  libraryOnce(): Promise<SkillLibrary> {
    this.library ??= loadPaths(this.paths.filter((p) => existsSync(p))).then(
      (r) => new SkillLibrary(r.units),
    );
    return this.library;
  }

  /** `id` or `id@version`; a failed lookup also names the folders of the skills path that do not exist. */
  async find(idAtVersion: string): Promise<Skill> {
    try {
      return (await this.libraryOnce()).find(idAtVersion);
    } catch (e) {
      const missing = this.paths.filter((p) => !existsSync(p));
      if (!(e instanceof SkillLookupError) || !missing.length) throw e;
      throw new SkillLookupError(`${e.message} (no such folder in the skills path: ${missing.join(', ')})`);
    }
  }

  async load(ref: SkillRef): Promise<Skill> {
    this.near(ref.source);
    const { units } = await loadPaths([ref.source]);
    const skill = units.flatMap((u) => u.skills).find((s) => s.id === ref.id && s.version === ref.version);
    if (skill) return skill;
    const errors = errorsIn(units.flatMap((u) => u.diagnostics));
    throw new SkillLookupError(
      `cannot reload ${ref.id}@${ref.version} from ${ref.source}` +
        (errors.length
          ? `: ${errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`).join('; ')}`
          : ': it is no longer there'),
    );
  }
}

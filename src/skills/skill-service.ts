import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorsIn } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';
import type { SkillService, SkillRef } from '../runtime/index.js';
import { byVersion, SkillLibrary, SkillLookupError } from './library.js';
import { loadLibrary, type LoadedLibrary } from './load-library.js';
import { loadPaths, loadTargets, type LoadedUnit } from './load-paths.js';
import { snapshotTarget } from './snapshot-target.js';
import { MemoryFiles } from '../ir/file-source.js';

/**
 * The one skill library of a Skein (docs/library-api.md): the skills path walked once, from which its
 * list, its diagnostics and lookups by id all come, until `reload` walks it again. A lookup for a
 * `call` may also name the file of the calling skill: the skills in its folder are found too (a
 * composite run by its path finds its siblings), each such folder loaded once into a library of its
 * own, so a lookup never changes what other lookups see.
 */
export class LibrarySkillService implements SkillService {
  private loaded: Promise<LoadedLibrary> | undefined;
  private readonly beside = new Map<string, Promise<SkillLibrary>>();
  private readonly paths: readonly string[];

  constructor(skillsPath: readonly string[]) {
    this.paths = [...skillsPath];
  }

  /** The skills path, loaded on first use (folders that do not exist yet are left out). */
  current(): Promise<LoadedLibrary> {
    return (this.loaded ??= loadLibrary(this.paths, { skipMissing: true }));
  }

  /** Walks the skills path again; lookups see the new library once it has loaded. */
  async reload(): Promise<LoadedLibrary> {
    const next = loadLibrary(this.paths, { skipMissing: true });
    await next;
    this.loaded = next;
    this.beside.clear();
    return next;
  }

  /**
   * `id` or `id@version` in the skills path, else (given `near`, a skill file or folder) beside it; a
   * failed lookup also names the folders of the skills path that do not exist.
   */
  async find(idAtVersion: string, near?: string): Promise<Skill> {
    try {
      return (await this.current()).library.find(idAtVersion);
    } catch (e) {
      if (!(e instanceof SkillLookupError)) throw e;
      const nearby = near ? await this.besideFolder(near) : undefined;
      try {
        if (nearby) return nearby.find(idAtVersion);
      } catch (other) {
        if (!(other instanceof SkillLookupError)) throw other;
      }
      const missing = this.paths.filter((p) => !existsSync(p));
      if (!missing.length) throw e;
      throw new SkillLookupError(`${e.message} (no such folder in the skills path: ${missing.join(', ')})`);
    }
  }

  async load(ref: SkillRef): Promise<Skill> {
    return pick(ref, (await loadPaths([ref.source])).units);
  }

  async compile(ref: SkillRef, files: Readonly<Record<string, string>>): Promise<Skill> {
    const target = snapshotTarget(ref.source, files);
    return pick(ref, (await loadTargets([target], { files: new MemoryFiles(files) })).units);
  }

  async newest(ref: SkillRef): Promise<Skill> {
    const inFile = await loadPaths([ref.source]).then(
      (r) => r.units.flatMap((u) => u.skills),
      () => [],
    );
    const listed = await this.find(ref.id, ref.source).then(
      (s) => [s],
      () => [],
    );
    // A stable sort: of two with one version, the file's (as it is now) comes first.
    const all = [...inFile, ...listed].filter((s) => s.id === ref.id);
    const newest = all.sort((a, b) => byVersion(b.version, a.version))[0];
    if (!newest)
      throw new SkillLookupError(`no version of ${ref.id} in ${ref.source} or the skills path to move to`);
    return newest;
  }

  /** The skills of the folder that holds `source` (a skill file, or a skill folder), loaded once. */
  private besideFolder(source: string): Promise<SkillLibrary> {
    const folder = dirname(resolve(source));
    let library = this.beside.get(folder);
    if (!library) {
      library = loadPaths([folder]).then((r) => new SkillLibrary(r.units));
      this.beside.set(folder, library);
    }
    return library;
  }
}

/** The skill a run's ref names among loaded units; else a SkillLookupError saying why. */
function pick(ref: SkillRef, units: readonly LoadedUnit[]): Skill {
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

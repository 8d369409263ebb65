import { existsSync } from 'node:fs';
import { errorsIn, type Diagnostic } from '../ir/diagnostic.js';
import { SkillLibrary } from './library.js';
import { loadPaths, type LoadedUnit, type LoadOptions, type SkippedPath } from './load-paths.js';

/** The skills of some folders as a library, with what loading them found wrong. */
export interface LoadedLibrary {
  library: SkillLibrary;
  units: LoadedUnit[];
  /** Files and folders met while walking folders that were not loaded, with the reasons. */
  skipped: SkippedPath[];
  /** The errors of every file, and the library's own (the same id and version twice). */
  errors: Diagnostic[];
  /** How many files have errors (their skills are left out). */
  brokenFiles: number;
}

export interface LoadLibraryOptions extends LoadOptions {
  /** Leave out paths that do not exist (a configured skills path may name folders not made yet). */
  skipMissing?: boolean;
}

/** Loads files and folders into one library; files with errors are left out and counted. */
export async function loadLibrary(
  paths: readonly string[],
  options: LoadLibraryOptions = {},
): Promise<LoadedLibrary> {
  const { units, skipped } = await loadPaths(
    options.skipMissing ? paths.filter((p) => existsSync(p)) : paths,
    options,
  );
  const library = new SkillLibrary(units);
  const errors = errorsIn([...units.flatMap((u) => u.diagnostics), ...library.diagnostics]);
  return { library, units, skipped, errors, brokenFiles: new Set(errors.map((d) => d.file)).size };
}

// The one way to find skills: load files and folders of any dialect, check them together, look skills
// up by id[@version] in the skills path (and in "near" folders), and resolve what a user names.
export {
  loadPaths,
  loadText,
  type LoadedPaths,
  type LoadedUnit,
  type LoadOptions,
  type SkippedPath,
} from './load-paths.js';
export { loadForCheck, type CheckedPaths, type CheckedUnit } from './load-in-threads.js';
export { loadLibrary, type LoadedLibrary, type LoadLibraryOptions } from './load-library.js';
export { checkCalls } from './check-calls.js';
export { dedupeSkills } from './duplicates.js';
export { emptyFolders } from './empty-folders.js';
export { SkillLibrary, SkillLookupError } from './library.js';
export { LibrarySkillService } from './skill-service.js';
export { resolveSkill, BadSkillError } from './resolve-skill.js';
export { errorsIn, isError } from '../ir/diagnostic.js';
export { fileReport, validateText, type DiagnosticReport, type FileReport } from './validate-report.js';

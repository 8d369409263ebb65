import { basename, join } from 'node:path';
import type { FileDialect, FolderDialect } from '../dialect.js';
import { findCompanions } from './companions.js';
import { compileSkillJson } from './compile.js';

const MODE = /"mode"\s*:\s*"(?:code|llm|composite)"/;

/** Whether a file is a skill.json: `skill.json` in a skill folder, or a single-file `<name>.skill.json`. */
function isSkillJson(path: string): boolean {
  const name = basename(path);
  return name === 'skill.json' || name.endsWith('.skill.json');
}

/**
 * skill.json skills: a folder with `skill.json` (+ `prompt.md` or `index.ts`) is one skill; a
 * `<name>.skill.json` file is one too (companions `<name>.prompt.md`, `<name>.ts`). Folders of such
 * folders (categories) are walked by the loader.
 */
export const skilljson: FileDialect & FolderDialect = {
  name: 'skilljson',
  claimsFolder: (_path, entries) => entries.includes('skill.json'),
  async loadFolder(path, files) {
    const file = join(path, 'skill.json');
    try {
      const text = (await files.read(file)).replace(/^\uFEFF/, '');
      return compileSkillJson(file, text, findCompanions(file, files));
    } catch (e) {
      // A front end must never crash the loader; whatever went wrong becomes a diagnostic.
      const message = `cannot load ${file}: ${(e as Error).message}`;
      return {
        skills: [],
        diagnostics: [{ file, line: 1, column: 1, severity: 'error', code: 'skilljson/unreadable', message }],
      };
    }
  },
  claimsFile: (path) => isSkillJson(path),
  loadFile: (path, text, files) => compileSkillJson(path, text, findCompanions(path, files)),
  resembles: (path, text) =>
    path.endsWith('.json') && MODE.test(text)
      ? 'it declares a "mode" as a skill.json does; name it skill.json (in the skill\'s folder) or <name>.skill.json'
      : undefined,
};
export type { SkillJsonCode } from './reporter.js';

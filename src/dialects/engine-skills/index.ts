import { basename, dirname, resolve } from 'node:path';
import type { FolderDialect } from '../dialect.js';
import { compileEngineFolder } from './compile.js';
import type { EngineDiagnosticCode } from './codes.js';

/**
 * Engine skill folders: a folder with `skill.meta.json` is one skill (an `agent` node); the skill
 * folders of a `.skills/` folder are each one, and one there without `skill.meta.json` is reported.
 */
export const engine: FolderDialect = {
  name: 'engine',
  claimsFolder: (path, entries) =>
    entries.includes('skill.meta.json') ||
    (basename(dirname(resolve(path))) === '.skills' &&
      entries.includes('SKILL.md') &&
      !entries.includes('skill.json')),
  async loadFolder(path, files) {
    try {
      return await compileEngineFolder(path, files);
    } catch (e) {
      // A front end must never crash the loader; if this one does, the folder still gets a diagnostic.
      return {
        skills: [],
        diagnostics: [
          {
            file: path,
            line: 1,
            column: 1,
            severity: 'error',
            code: 'engine/internal-error' satisfies EngineDiagnosticCode,
            message: `internal error while loading: ${(e as Error).stack ?? e}`,
          },
        ],
      };
    }
  },
};
export type { EngineSkillCode } from './codes.js';

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FileDialect, FolderDialect } from '../dialect.js';
import type { LoadResult } from '../../ir/skill.js';
import { compileSkillDoc } from './compile.js';
import { findFrontmatter, hasNameAndDescription } from './frontmatter-block.js';
import { listResources } from './resources.js';

const SKILL_FILES = ['SKILL.md', 'skill.md'];

/**
 * A skill document in one Markdown file (AgentOS): a frontmatter with name and description, a core,
 * and `<chunk>` blocks. A file named SKILL.md is read with its folder, as an Agent Skills folder.
 */
export const skilldocFile: FileDialect = {
  name: 'skilldoc',
  claimsFile: (path, text) => {
    if (!path.toLowerCase().endsWith('.md')) return false;
    const block = findFrontmatter(text);
    if (typeof block !== 'object' || !hasNameAndDescription(block.yaml)) return false;
    return !(SKILL_FILES.includes(basename(path)) && inEngineFolder(dirname(resolve(path))));
  },
  loadFile: (path, text) =>
    SKILL_FILES.includes(basename(path))
      ? loadSkillFolder(dirname(path), basename(path), text, path)
      : compileSkillDoc({ file: path, text, profile: 'agentos' }),
};

/** An Agent Skills folder: SKILL.md, and references/, scripts/, assets/ and other files as on-demand parts. */
export const skilldocFolder: FolderDialect = {
  name: 'skilldoc',
  claimsFolder: (_path, entries) => SKILL_FILES.some((f) => entries.includes(f)),
  loadFolder: async (path) => {
    const name = SKILL_FILES.find((f) => existsSync(join(path, f))) ?? SKILL_FILES[0];
    const file = join(path, name);
    let text: string;
    try {
      text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    } catch (e) {
      return failure(file, 'skilldoc/unreadable', `cannot read ${file}: ${(e as Error).message}`);
    }
    return loadSkillFolder(path, name, text, file);
  },
};

/** An engine skill folder (skill.meta.json, or a folder under .skills/) owns its SKILL.md. */
function inEngineFolder(dir: string): boolean {
  return existsSync(join(dir, 'skill.meta.json')) || basename(dirname(dir)) === '.skills';
}

function loadSkillFolder(dir: string, skillFile: string, text: string, file: string): LoadResult {
  try {
    const { files, truncated } = listResources(dir, skillFile);
    const result = compileSkillDoc({
      file,
      text,
      profile: 'agent-skills',
      folder: { path: dir, name: basename(dir), files },
    });
    if (truncated)
      result.diagnostics.push({
        file,
        line: 1,
        column: 1,
        severity: 'warning',
        code: 'skilldoc/too-many-files',
        message: `the folder ${dir} is deeper or larger than Skein lists (6 levels, 2000 files); only the first files are offered as parts`,
      });
    return result;
  } catch (e) {
    // A front end never crashes the loader: an unexpected failure becomes a diagnostic.
    return failure(
      file,
      'skilldoc/internal-error',
      `internal error while loading: ${(e as Error).stack ?? e}`,
    );
  }
}

function failure(file: string, code: string, message: string): LoadResult {
  return { skills: [], diagnostics: [{ file, line: 1, column: 1, severity: 'error', code, message }] };
}
export type { SkillDocCode } from './reporter.js';
export { compileSkillDoc } from './compile.js';
export { slugOf } from './core-headings.js';
export { scanBody, type HeadingLine } from './scan-body.js';

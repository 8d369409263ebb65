import { basename, dirname, join, resolve } from 'node:path';
import type { FileDialect, FolderDialect } from '../dialect.js';
import type { FileSource } from '../../ir/file-source.js';
import type { LoadResult } from '../../ir/skill.js';
import { compileSkillDoc } from './compile.js';
import { findFrontmatter, hasNameOrDescription } from './frontmatter-block.js';
import { listResources } from './resources.js';

const SKILL_FILES = ['SKILL.md', 'skill.md'];
/** `SKILL.md`, `skill.md` and `<name>.SKILL.md`: skill documents by their name, whatever their frontmatter. */
const SKILL_NAME = /(?:^|\.)skill\.md$/i;
const CHUNK_TAG = /<chunk\s+[^>]*\bid\s*=/;
/**
 * A skill document in one Markdown file (AgentOS): a frontmatter with name and description, a core,
 * and `<chunk>` blocks. In a folder walk only files named like one (`x.SKILL.md`) are: plugin
 * repositories keep subagents, slash commands and prompt templates in Markdown with the same
 * frontmatter. A file the user names is one by its name or by a frontmatter naming a `name` or
 * `description`; what it lacks takes AgentOS's defaults, with a warning. A file named SKILL.md is
 * read with its folder, as an Agent Skills folder.
 */
export const skilldocFile: FileDialect = {
  name: 'skilldoc',
  claimsFile: (path, text, named, files) => {
    if (!path.toLowerCase().endsWith('.md')) return false;
    if (SKILL_FILES.includes(basename(path)) && inEngineFolder(dirname(path), files)) return false;
    if (SKILL_NAME.test(basename(path))) return true;
    if (!named) return false;
    const block = findFrontmatter(text);
    return typeof block === 'object' && hasNameOrDescription(block.yaml);
  },
  loadFile: (path, text, files) =>
    SKILL_FILES.includes(basename(path))
      ? loadSkillFolder(dirname(path), basename(path), text, path, files)
      : compileSkillDoc({
          file: path,
          text,
          profile: 'agentos',
          fallbackName: basename(path).replace(/(\.skill)?\.md$/i, ''),
        }),
  passedOver: (path, text) => {
    if (!path.toLowerCase().endsWith('.md')) return undefined;
    const block = findFrontmatter(text);
    const looks = typeof block === 'object' && hasNameOrDescription(block.yaml);
    if (!looks && !CHUNK_TAG.test(text)) return undefined;
    const what = KIND_BY_FOLDER[basename(dirname(resolve(path)))] ?? 'Markdown';
    return `${what} with ${looks ? 'a name/description frontmatter' : '<chunk> blocks'}, not a skill: in a folder, skill documents are SKILL.md folders and *.SKILL.md files (name the file to read it as one)`;
  },
};

/** What plugin repositories keep in these folders: Markdown with a skill-like frontmatter that is not a skill. */
const KIND_BY_FOLDER: Record<string, string> = {
  agents: 'a subagent definition',
  commands: 'a slash command',
  prompts: 'a prompt template',
};

/** An Agent Skills folder: SKILL.md, and references/, scripts/, assets/ and other files as on-demand parts. */
export const skilldocFolder: FolderDialect = {
  name: 'skilldoc',
  claimsFolder: (_path, entries) => SKILL_FILES.some((f) => entries.includes(f)),
  loadFolder: async (path, files) => {
    const name = SKILL_FILES.find((f) => files.exists(join(path, f))) ?? SKILL_FILES[0];
    const file = join(path, name);
    let text: string;
    try {
      text = (await files.read(file)).replace(/^\uFEFF/, '');
    } catch (e) {
      return failure(file, 'skilldoc/unreadable', `cannot read ${file}: ${(e as Error).message}`);
    }
    return loadSkillFolder(path, name, text, file, files);
  },
};

/** An engine skill folder (skill.meta.json, or a folder under .skills/) owns its SKILL.md. */
function inEngineFolder(dir: string, files: FileSource): boolean {
  return files.exists(join(dir, 'skill.meta.json')) || basename(dirname(files.absolute(dir))) === '.skills';
}

function loadSkillFolder(
  dir: string,
  skillFile: string,
  text: string,
  file: string,
  source: FileSource,
): LoadResult {
  try {
    const { files, truncated } = listResources(dir, skillFile, source);
    const name = basename(source.absolute(dir));
    const result = compileSkillDoc({
      file,
      text,
      profile: 'agent-skills',
      folder: { path: dir, name, files, source },
      fallbackName: name,
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

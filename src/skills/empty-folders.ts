import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { LoadedUnit, SkippedPath } from './load-paths.js';

/**
 * An error for each folder named in `paths` under which nothing is a skill of any dialect (`skein
 * validate my-skill/` on a folder without SKILL.md), saying what was passed over there.
 */
export function emptyFolders(
  paths: readonly string[],
  units: readonly Pick<LoadedUnit, 'path' | 'dialect'>[],
  skipped: readonly SkippedPath[],
): LoadedUnit[] {
  const out: LoadedUnit[] = [];
  for (const path of paths) {
    if (!isFolder(path)) continue;
    const root = resolve(path);
    const under = (p: string) => {
      const abs = resolve(p);
      return abs === root || abs.startsWith(root + sep);
    };
    if (units.some((u) => u.dialect && under(u.path))) continue;
    const passed = skipped.filter((s) => under(s.path));
    const example = passed.find((s) => s.reason.includes(', not a skill'));
    const message =
      `no skill in ${path}: a skill is a folder with SKILL.md (Agent Skills: "A skill is a directory containing, at minimum, a SKILL.md file"), ` +
      `a *.SKILL.md document, a Markdown file with "# skill:" or "### AgenticDSL" blocks, or a folder with skill.json or skill.meta.json` +
      (passed.length
        ? `; ${passed.length} file${passed.length === 1 ? '' : 's'} passed over (--verbose lists them)${example ? `, such as ${relative(path, example.path)}: ${example.reason}` : ''}`
        : '; the folder is empty');
    out.push({
      path,
      skills: [],
      diagnostics: [{ file: path, line: 1, column: 1, severity: 'error', code: 'skein/no-skills', message }],
    });
  }
  return out;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

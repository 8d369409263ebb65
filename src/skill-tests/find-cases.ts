import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';
import type { TestCase } from './case.js';
import { parseCasesFile } from './cases-file.js';
import type { RouteSection } from './route-cases-file.js';

/** A case with the skill it tests. */
export interface BoundCase {
  case: TestCase;
  skill: Skill;
}

/**
 * Finds the cases of some skills, whatever their dialect: `cases.yaml` inside a skill folder (engine,
 * skill.json); `<name>.cases.yaml` next to a file skill (`greet.md`); `cases.yaml` in a folder of file
 * skills. A case tests the skill it names (`skill:`, on the case or the file), else the file's own
 * skill, else the only skill of its folder. `folders` (the folders given to `skein test`) may hold a
 * `cases.yaml` of their own, for routing cases over all their skills. Routing sections come back by file.
 */
export async function findCases(
  skills: readonly Skill[],
  folders: readonly string[] = [],
): Promise<{ cases: BoundCase[]; routes: (RouteSection & { file: string })[]; diagnostics: Diagnostic[] }> {
  const owners = casesFilesOf(skills, folders);
  const cases: BoundCase[] = [];
  const routes: (RouteSection & { file: string })[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [file, candidates] of [...owners].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!existsSync(file)) continue;
    const parsed = parseCasesFile(file, await readFile(file, 'utf8'));
    diagnostics.push(...parsed.diagnostics);
    if (parsed.route) routes.push({ file, ...parsed.route });
    for (const c of parsed.cases) {
      const wanted = c.skill ?? parsed.skill;
      const skill = wanted
        ? skills.find((s) => s.id === wanted || `${s.id}@${s.version}` === wanted)
        : candidates.length === 1
          ? candidates[0]
          : undefined;
      if (skill) cases.push({ case: c, skill });
      else
        diagnostics.push({
          file,
          line: c.line,
          column: 1,
          severity: 'error',
          code: 'test/unknown-skill',
          message: wanted
            ? `case "${c.name}" names skill "${wanted}", which is not among the skills loaded (${skills.map((s) => s.id).join(', ')})`
            : `case "${c.name}" does not say which skill it tests, and the folder holds several (${candidates.map((s) => s.id).join(', ')}); add skill: <id>`,
        });
    }
  }
  return { cases, routes, diagnostics };
}

/**
 * The cases files that may hold cases of these skills, each with the skills it may be about: `cases.yaml`
 * in a skill folder, `<name>.cases.yaml` and `cases.yaml` beside a file skill, and `cases.yaml` in each of
 * `folders` (with no skill of its own).
 */
export function casesFilesOf(
  skills: readonly Skill[],
  folders: readonly string[] = [],
): Map<string, Skill[]> {
  const owners = new Map<string, Skill[]>();
  const own = (file: string, skill: Skill) => owners.set(file, [...(owners.get(file) ?? []), skill]);
  for (const skill of skills) {
    const source = resolve(skill.source);
    if (isDirectory(source)) own(join(source, 'cases.yaml'), skill);
    else {
      own(join(dirname(source), `${basename(source, extname(source))}.cases.yaml`), skill);
      own(join(dirname(source), 'cases.yaml'), skill);
    }
  }
  for (const folder of folders)
    if (isDirectory(folder)) {
      const file = join(resolve(folder), 'cases.yaml');
      if (!owners.has(file)) owners.set(file, []);
    }
  return owners;
}

/** Whether a path is a folder. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

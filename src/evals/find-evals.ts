import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../ir/diagnostic.js';
import type { Skill } from '../ir/skill.js';
import { casesFilesOf, isDirectory } from '../skill-tests/index.js';
import type { EvalCase } from './eval-case.js';
import { parseEvalCases } from './eval-cases-file.js';
import { parseEvalsJson } from './evals-json.js';

/** An eval case with the skill it evaluates. */
export interface BoundEval {
  case: EvalCase;
  skill: Skill;
}

/**
 * Finds the eval cases of some skills, any dialect: the `evals:` of the cases.yaml files `skein test`
 * reads (a case names its skill, or the file does, or the file has one skill), and the Agent Skills
 * `evals/evals.json` of each skill folder.
 */
export async function findEvals(
  skills: readonly Skill[],
  folders: readonly string[] = [],
): Promise<{ evals: BoundEval[]; diagnostics: Diagnostic[] }> {
  const evals: BoundEval[] = [];
  const diagnostics: Diagnostic[] = [];
  const owners = [...casesFilesOf(skills, folders)].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [file, candidates] of owners) {
    if (!existsSync(file)) continue;
    const parsed = parseEvalCases(file, await readFile(file, 'utf8'));
    diagnostics.push(...parsed.diagnostics);
    for (const c of parsed.cases) {
      const wanted = c.skill ?? parsed.skill;
      const skill = wanted
        ? skills.find((s) => s.id === wanted || `${s.id}@${s.version}` === wanted)
        : candidates.length === 1
          ? candidates[0]
          : undefined;
      if (skill) evals.push({ case: c, skill });
      else
        diagnostics.push({
          file,
          line: c.line,
          column: 1,
          severity: 'error',
          code: 'eval/unknown-skill',
          message: wanted
            ? `eval "${c.name}" names skill "${wanted}", which is not among the skills loaded (${skills.map((s) => s.id).join(', ')})`
            : `eval "${c.name}" does not say which skill it evaluates, and the folder holds several (${candidates.map((s) => s.id).join(', ')}); add skill: <id>`,
        });
    }
  }
  for (const skill of skills) {
    const root = resolve(skill.source);
    const file = join(root, 'evals', 'evals.json');
    if (!isDirectory(root) || !existsSync(file)) continue;
    const parsed = parseEvalsJson(file, await readFile(file, 'utf8'), root);
    diagnostics.push(...parsed.diagnostics);
    evals.push(...parsed.cases.map((c) => ({ case: c, skill })));
  }
  return { evals, diagnostics };
}

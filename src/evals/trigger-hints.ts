import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Diagnostic } from '../ir/diagnostic.js';
import { errorsIn, loadPaths } from '../skills/index.js';

/** The files that may hold trigger cases of skills at these sources (as `findEvals` reads them). */
function evalFilesOf(sources: readonly string[], paths: readonly string[]): string[] {
  const files = new Set<string>();
  for (const source of sources.map((s) => resolve(s))) {
    if (isFolder(source)) {
      files.add(join(source, 'cases.yaml'));
      files.add(join(source, 'evals', 'evals.json'));
    } else {
      files.add(join(dirname(source), `${basename(source, extname(source))}.cases.yaml`));
      files.add(join(dirname(source), 'cases.yaml'));
    }
  }
  for (const p of paths) if (isFolder(p)) files.add(join(resolve(p), 'cases.yaml'));
  return [...files];
}

/**
 * `validate`'s hint that a description under-triggers (docs/eval.md, "Trigger evals"): for each skill
 * with trigger cases (`should_trigger: true`) beside it, its prompts are routed by the lexical stage
 * among the skills of `paths`; a skill some of whose prompts go elsewhere gets a warning at its first
 * missed case, naming where they went. Reads nothing more when no file near the skills has trigger cases.
 */
export async function triggerHints(
  paths: readonly string[],
  sources: readonly string[],
): Promise<{ skill: string; diagnostic: Diagnostic }[]> {
  const any = evalFilesOf(sources, paths).some(
    (f) => existsSync(f) && readFileSync(f, 'utf8').includes('should_trigger'),
  );
  if (!any) return [];
  // Loaded only now: the eval readers reach the skill tests and the host, most of a cold validate's load.
  const [{ findEvals }, { routeLexically }] = await Promise.all([
    import('./find-evals.js'),
    import('./trigger-evals.js'),
  ]);
  const { units } = await loadPaths(paths);
  const skills = units.flatMap((u) => (errorsIn(u.diagnostics).length ? [] : u.skills));
  const { evals } = await findEvals(skills, paths);
  const report = routeLexically(
    evals.filter((b) => b.case.shouldTrigger !== undefined),
    skills,
  );
  return report.skills.flatMap((s) => {
    const missed = report.cases.filter((r) => r.skill === s.skill && r.shouldTrigger && !r.passed);
    if (!missed.length) return [];
    const where = missed.map((r) => `"${r.prompt}" → ${r.chosen[0] ?? 'no skill'}`).join(', ');
    return [
      {
        skill: s.skill,
        diagnostic: {
          file: missed[0].file,
          line: missed[0].line,
          column: 1,
          severity: 'warning' as const,
          code: 'skein/under-triggers',
          message: `${s.skill}'s description under-triggers: ${missed.length} of ${s.positives} of its should_trigger prompts route elsewhere (${where}); say in its description the words such requests use (skein eval shows the trigger rate)`,
        },
      },
    ];
  });
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

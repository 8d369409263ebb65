import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from './cli.js';

/** A skill file to run: its name, its text, and the cases (`cases.yaml` entries) it runs with. */
export interface SkillWithCases {
  name: string;
  text: string;
  cases: Record<string, unknown>[];
}

/** What one `skein test` run of several skills found. */
export interface CasesReport {
  code: number;
  passed: number;
  /** `file: failure; failure` for each case that did not pass. */
  failures: string[];
  diagnostics: unknown[];
  stderr: string;
}

/**
 * Writes each skill with its `<name>.cases.yaml` into a folder of its own (skills may share an id) and
 * runs all of them with one `skein test --json`, so many runs cost one process. `env` adds to a fresh
 * SKEIN_HOME and a workspace (`<dir>/ws`, made before `prepare` is called with the folder).
 */
export async function runSkillCases(
  skills: readonly SkillWithCases[],
  env: Record<string, string> = {},
  prepare?: (dir: string) => void,
): Promise<CasesReport> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-cases-'));
  mkdirSync(join(dir, 'ws'));
  prepare?.(dir);
  const folders = skills.map((s, i) => {
    const folder = join(dir, String(i));
    mkdirSync(folder);
    writeFileSync(join(folder, s.name), s.text);
    const stem = s.name.replace(/\.[^.]+$/, '');
    writeFileSync(join(folder, `${stem}.cases.yaml`), JSON.stringify({ cases: s.cases }));
    return folder;
  });
  const r = await skein(['test', '--json', ...folders], {
    env: { SKEIN_HOME: join(dir, 'home'), SKEIN_WORKSPACE: join(dir, 'ws'), ...env },
  });
  const suite = JSON.parse(r.stdout) as {
    passed: number;
    cases: { file: string; name: string; status: string; failures: string[] }[];
    diagnostics: unknown[];
  };
  return {
    code: r.code,
    passed: suite.passed,
    failures: suite.cases
      .filter((c) => c.status !== 'passed')
      .map((c) => `${c.file} › ${c.name}: ${c.failures.join('; ')}`),
    diagnostics: suite.diagnostics,
    stderr: r.stderr,
  };
}

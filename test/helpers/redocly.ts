import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './cli.js';

/** One finding of `redocly lint`: its rule, severity, message and where (a JSON pointer). */
export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string;
}

/** `@redocly/cli lint` with its recommended rules on an OpenAPI document: every finding. */
export async function redoclyLint(doc: unknown): Promise<LintProblem[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const bin = join(ROOT, 'node_modules/.bin/redocly');
  // It exits 1 when it finds an error; the JSON report on stdout says what either way.
  const { stdout } = await promisify(execFile)(
    bin,
    ['lint', '--extends', 'recommended', '--format=json', file],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    problems: {
      ruleId: string;
      severity: LintProblem['severity'];
      message: string;
      location: { pointer: string }[];
    }[];
  };
  return report.problems.map((p) => ({
    ruleId: p.ruleId,
    severity: p.severity,
    message: p.message,
    pointer: p.location[0]?.pointer ?? '',
  }));
}

/** The errors among lint findings, one line each (empty when there are none). */
export const lintErrors = (problems: readonly LintProblem[]): string =>
  problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId} at ${p.pointer}: ${p.message}`)
    .join('\n');

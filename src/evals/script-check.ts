import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeService } from '../runtime/index.js';
import type { Assertion } from './eval-case.js';
import type { AssertionResult } from './experiment.js';

type JavaScriptCheck = Extract<Assertion, { type: 'javascript' }>;

/** What a JavaScript check is given. */
export interface CheckInput {
  output: unknown;
  text: string;
  status: string;
  error?: string;
  events: readonly unknown[];
}

/** Runs a JavaScript check and reads its verdict. */
export type ScriptChecker = (
  check: JavaScriptCheck,
  input: CheckInput,
  signal: AbortSignal,
) => Promise<AssertionResult>;

/**
 * Runs JavaScript checks with the code runner code skills run with (src/code/modules). Inline code is
 * written once as a module under `$SKEIN_HOME/cache/eval-checks` (named by its hash) and run from there.
 */
export function scriptChecker(runner: CodeService | undefined, home: string): ScriptChecker {
  const written = new Map<string, string>();
  const inlineFile = (code: string) => {
    let file = written.get(code);
    if (!file) {
      const folder = join(home, 'cache', 'eval-checks');
      mkdirSync(folder, { recursive: true });
      file = join(folder, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
      const body = /\breturn\b|;|\n/.test(code) ? code : `return (${code});`;
      writeFileSync(
        file,
        `export async function check({ output, text, status, error, events }) {\n${body}\n}\n`,
      );
      written.set(code, file);
    }
    return file;
  };
  return async (check, input, signal) => {
    if (!runner) return failed('no JavaScript runner is configured');
    const file = check.file ?? inlineFile(check.code!);
    let verdict: unknown;
    try {
      verdict = await runner.run(
        { language: 'javascript', file, entry: check.file ? check.entry : 'check' },
        input,
        { signal },
      );
    } catch (e) {
      return failed(`the check threw: ${(e as Error).message.split('\n')[0]}`);
    }
    return readVerdict(verdict, check.threshold);
  };
}

/** true/false, a score (passing at `threshold`), or `{pass?, score?, reason?}`. */
function readVerdict(verdict: unknown, threshold: number): AssertionResult {
  if (typeof verdict === 'boolean')
    return verdict ? { type: 'javascript', pass: true, score: 1 } : failed('the check returned false');
  if (typeof verdict === 'number')
    return verdict >= threshold
      ? { type: 'javascript', pass: true, score: verdict }
      : { ...failed(`scored ${verdict}, under ${threshold}`), score: verdict };
  if (typeof verdict === 'object' && verdict !== null) {
    const v = verdict as { pass?: unknown; score?: unknown; reason?: unknown };
    const score = typeof v.score === 'number' ? v.score : v.pass ? 1 : 0;
    const pass = typeof v.pass === 'boolean' ? v.pass : score >= threshold;
    return { type: 'javascript', pass, score, ...(typeof v.reason === 'string' ? { reason: v.reason } : {}) };
  }
  return failed(
    `the check returned ${JSON.stringify(verdict) ?? 'nothing'}; return true or false, a score or {pass, score, reason}`,
  );
}

function failed(reason: string): AssertionResult {
  return { type: 'javascript', pass: false, score: 0, reason };
}

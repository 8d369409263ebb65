import { BadSkillError } from '../../skills/index.js';
import { RunRefused, type RunResult } from '../../runtime/index.js';
import { printResult } from '../run-view.js';

/** Prints a run's result (JSON or for a person) and returns the exit code: 0 completed or awaiting, 1 failed. */
export function reportResult(result: RunResult, json: boolean): number {
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else printResult(result);
  return result.status === 'failed' ? 1 : 0;
}

/** Prints why a run was not started or resumed and returns the exit code (2 bad skill or input, else 1). */
export function reportRefusal(e: unknown, json: boolean): number {
  if (!(e instanceof RunRefused) && !(e instanceof BadSkillError)) throw e;
  const code = e instanceof RunRefused ? e.code : 'bad_skill';
  const error: Record<string, unknown> = { code, message: e.message };
  if (e instanceof RunRefused && e.details) error.fields = e.details;
  if (json) process.stdout.write(JSON.stringify({ error }) + '\n');
  else process.stderr.write(`${e.message}\n`);
  return code === 'bad_skill' ||
    code === 'input_invalid' ||
    code === 'input_required' ||
    code === 'no_route' ||
    code === 'not_executable'
    ? 2
    : 1;
}

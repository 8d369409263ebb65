import { BadSkillError } from '../../skills/index.js';
import { RunRefused, type RunResult } from '../../runtime/index.js';
import { printError } from '../print-error.js';
import { printResult } from '../run-view.js';

/** Prints a run's result (JSON or for a person) and returns the exit code: 0 completed or awaiting, 1 failed. */
export function reportResult(result: RunResult, json: boolean): number {
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else printResult(result);
  return result.status === 'failed' ? 1 : 0;
}

/** Prints why a run was not started or resumed and returns the catalog's exit code (docs/errors.md). */
export function reportRefusal(e: unknown, json: boolean): number {
  if (!(e instanceof RunRefused) && !(e instanceof BadSkillError)) throw e;
  return printError(json, e);
}

import type { Skill } from '../ir/skill.js';
import { inputLimitProblem, type InputLimits } from '../schema/input-limits.js';
import { describeFieldErrors, validateValue } from '../schema/validate.js';
import { RunRefused } from './errors.js';
import type { RunRecord } from './ports/store.js';

/** The input, within the limits and valid for the skill's input schema (with defaults); refused otherwise. */
export function checkInput(skill: Skill, input: unknown, limits?: InputLimits): unknown {
  if (!skill.graph)
    throw new RunRefused(
      'not_executable',
      `${skill.id} is a document skill: it has no steps to run; load it in an agent instead`,
    );
  withinLimits(input, limits, `input for ${skill.id}@${skill.version}`);
  const checked = validateValue(skill.input, input ?? {});
  if (!checked.ok)
    throw new RunRefused(
      'input_invalid',
      `input for ${skill.id}@${skill.version} is invalid: ${describeFieldErrors(checked.errors)}`,
      checked.errors,
    );
  return checked.value;
}

/** A person's answer to a paused run, within the limits and valid for what the run awaits; refused otherwise. */
export function checkAnswer(run: RunRecord, input: unknown, limits?: InputLimits): unknown {
  const awaiting = run.awaiting!;
  if (input === undefined)
    throw new RunRefused('input_required', `run ${run.id} awaits an answer at step "${awaiting.step}"`);
  withinLimits(input, limits, `answer for step "${awaiting.step}"`);
  const checked = validateValue(awaiting.inputSchema, input);
  if (!checked.ok)
    throw new RunRefused(
      'input_invalid',
      `answer for step "${awaiting.step}" is invalid: ${describeFieldErrors(checked.errors)}`,
      checked.errors,
    );
  return checked.value;
}

/**
 * Refuses a value past the input limits (docs/reliability.md, "Input limits"), before the schema or
 * the store reads it: the one check for the CLI, HTTP, MCP and the library, which all start runs here.
 */
function withinLimits(value: unknown, limits: InputLimits | undefined, what: string): void {
  const problem = inputLimitProblem(value, limits);
  if (problem)
    throw new RunRefused('input_invalid', `${what} is ${problem}`, [{ field: '', message: problem }]);
}

/** A run's own webhook: an absolute http or https URL; refused otherwise. */
export function checkWebhook(url: string): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // not a URL: refused below
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new RunRefused('bad_request', `webhook must be an http or https URL, not "${url}"`);
  return url;
}

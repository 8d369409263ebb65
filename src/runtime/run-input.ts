import type { Skill } from '../ir/skill.js';
import { describeFieldErrors, validateValue } from '../schema/validate.js';
import { RunRefused } from './errors.js';
import type { RunRecord } from './ports/store.js';

/** The input, validated against the skill's input schema (with defaults); refused otherwise. */
export function checkInput(skill: Skill, input: unknown): unknown {
  if (!skill.graph)
    throw new RunRefused(
      'not_executable',
      `${skill.id} is a document skill: it has no steps to run; load it in an agent instead`,
    );
  const checked = validateValue(skill.input, input ?? {});
  if (!checked.ok)
    throw new RunRefused(
      'input_invalid',
      `input for ${skill.id}@${skill.version} is invalid: ${describeFieldErrors(checked.errors)}`,
      checked.errors,
    );
  return checked.value;
}

/** A person's answer to a paused run, validated against what the run awaits; refused otherwise. */
export function checkAnswer(run: RunRecord, input: unknown): unknown {
  const awaiting = run.awaiting!;
  if (input === undefined)
    throw new RunRefused(
      'input_required',
      `run ${run.id} awaits an answer at step "${awaiting.step}": pass it with --input`,
    );
  const checked = validateValue(awaiting.inputSchema, input);
  if (!checked.ok)
    throw new RunRefused(
      'input_invalid',
      `answer for step "${awaiting.step}" is invalid: ${describeFieldErrors(checked.errors)}`,
      checked.errors,
    );
  return checked.value;
}

import { RESERVED } from './fields.js';
import type { Reporter } from './reporter.js';
import type { CompiledStep } from './steps/compiled.js';

const VAR_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Step names must be unique; a varName must match ^[a-z][a-z0-9_]*$, avoid reserved words, and not
 * clash with another step's name, another varName or an input field (spec §4.2). Steps that each have a
 * `when` may share a varName: they are alternative branches writing one result (as the Java engine
 * allows); a varName may also equal its own step's name.
 */
export function checkNames(
  steps: readonly CompiledStep[],
  inputNames: readonly string[],
  report: Reporter,
): void {
  const stepNames = new Map<string, CompiledStep>();
  for (const s of steps) {
    if (stepNames.has(s.name))
      report.error(
        'duplicate-step',
        `step name "${s.name}" is used twice; step names must be unique`,
        s.offset,
      );
    else stepNames.set(s.name, s);
  }
  const inputs = new Set(inputNames);
  const varNames = new Map<string, CompiledStep>();
  for (const s of steps) {
    if (!s.varName || s.type === 'tool') continue;
    const { name, offset } = s.varName;
    const end = offset + name.length;
    if (!VAR_NAME.test(name)) {
      report.error(
        'bad-varname',
        `varName "${name}" must match ^[a-z][a-z0-9_]*$ (lower case, digits, underscores)`,
        offset,
        end,
      );
      continue;
    }
    if (RESERVED.has(name))
      report.error(
        'reserved-word',
        `varName "${name}" is a reserved word (spec §8.1); pick another name`,
        offset,
        end,
      );
    const step = stepNames.get(name);
    if (step && step !== s)
      report.error(
        'varname-conflict',
        `varName "${name}" is also the name of step "${step.name}"; rename one of them`,
        offset,
        end,
      );
    const other = varNames.get(name);
    if (other && !(other.guarded && s.guarded))
      report.error(
        'varname-conflict',
        `varName "${name}" is already written by step "${other.name}"; each varName must be unique, unless every step writing it has a **when** (alternative branches)`,
        offset,
        end,
      );
    else if (!other) varNames.set(name, s);
    if (inputs.has(name))
      report.error(
        'varname-conflict',
        `varName "${name}" is also an input field; the step would overwrite the input, so rename the varName`,
        offset,
        end,
      );
  }
}

import type { PathRead } from '../../../expr/pipeline/index.js';
import type { JsonSchema } from '../../../ir/schema.js';
import type { Reporter } from '../reporter.js';
import type { ReadCheck } from './json-value.js';
import type { StepOrder } from './order.js';
import type { StepDecl } from './steps.js';

/**
 * The checks for the paths one place reads: `input.<field>` must be an input field (a warning otherwise),
 * `steps.<name>` a step that has certainly finished when the place is evaluated (`reader` is a step's
 * index, or `output` for outputMapping, after every step), `item` the element of a `foreach` step (when
 * `item` is true), and nothing else is a variable.
 */
export function readCheck(
  input: JsonSchema,
  steps: readonly StepDecl[],
  order: StepOrder,
  reader: number | 'output',
  report: Reporter,
  item = false,
): ReadCheck {
  const byName = new Map(steps.map((s) => [s.name, s]));
  return (read: PathRead, start: number, end: number) => {
    const [root, first] = read.names;
    if (root === 'input') return checkInputField(input, first, start, end, report);
    if (root === 'item' && item) return;
    if (root === 'steps') {
      if (first === undefined) return;
      const step = byName.get(first);
      if (!step)
        return report.error(
          'unknown-step',
          `there is no step "${first}"; the steps are ${steps.map((s) => s.name).join(', ')}`,
          start,
          end,
        );
      if (reader === 'output' || order.before[reader].has(step.index)) return;
      const current = steps[reader];
      const fix = order.dag
        ? `add "${first}" to the "depends" of step "${current.name}"`
        : `move step "${first}" before step "${current.name}"`;
      return report.error(
        'step-not-finished',
        `step "${current.name}" reads steps.${first}, but "${first}" has not finished when "${current.name}" runs; ${fix}`,
        start,
        end,
      );
    }
    const hint =
      root === 'item' ? ' (item is the element of a step with "foreach", in that step\'s input)' : '';
    report.error(
      'unknown-variable',
      `"${root}" is not a pipeline variable${hint}; values read input.<field> and steps.<step>.<field>`,
      start,
      end,
    );
  };
}

/** A warning when `input.<field>` names no field of the input schema. */
export function checkInputField(
  input: JsonSchema,
  field: string | undefined,
  start: number,
  end: number,
  report: Reporter,
): void {
  const fields = input.properties;
  if (field === undefined || !fields || Object.hasOwn(fields, field)) return;
  const known = Object.keys(fields);
  report.warn(
    'unknown-input-field',
    `the input has no field "${field}"${known.length ? `; its fields are ${known.join(', ')}` : ''}`,
    start,
    end,
  );
}

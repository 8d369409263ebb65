import type { WriteTarget } from '../../ir/nodes.js';
import type { Reporter } from './reporter.js';
import type { CompiledStep } from './steps/compiled.js';

/**
 * Older files read the result of a tool or await step (without varName) by the step's name:
 * `{{user_confirmation.confirm}}`, `{{fetch_data.output}}`. For each such step that some step reads,
 * the result (the tool's outputs, the person's answer) is also stored under the step's name, and each
 * read gets a warning saying how to write it today.
 */
export function storeStepResults(steps: readonly CompiledStep[], report: Reporter): void {
  const byName = new Map(
    steps
      .filter((s) => (s.type === 'tool' || s.type === 'await') && !s.varName)
      .map((s) => [s.name, s] as const),
  );
  if (!byName.size) return;
  const stored = new Set<CompiledStep>();
  for (const reader of steps) {
    const warned = new Set<string>();
    for (const read of reader.reads)
      for (const ref of read.refs) {
        const step = byName.get(ref);
        if (!step || step === reader || warned.has(ref)) continue;
        warned.add(ref);
        stored.add(step);
        report.warn(
          'older-form',
          step.type === 'await'
            ? `step "${reader.name}" reads the answer of await step "${ref}" by the step's name, an older form; read its fields by their own names (${fieldList(step)})`
            : `step "${reader.name}" reads the outputs of tool step "${ref}" by the step's name, an older form; read the keys the tool writes by their own names${fieldList(step) ? ` (${fieldList(step)})` : ''}`,
          read.offset,
        );
      }
  }
  for (const step of stored) {
    step.defines.push({ name: step.name, offset: step.offset });
    const node = step.node;
    if (node?.kind === 'tool' || node?.kind === 'await') {
      const also: WriteTarget = { set: [step.name] };
      node.output = { all: [node.output, also] };
    }
  }
}

function fieldList(step: CompiledStep): string {
  return step.defines.map((d) => d.name).join(', ');
}

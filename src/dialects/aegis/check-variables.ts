import type { JsonSchema } from '../../ir/schema.js';
import { nearestNames } from '../kit/did-you-mean.js';
import type { Reporter } from './reporter.js';
import type { Reads } from './steps/gather.js';
import type { CompiledStep } from './steps/compiled.js';

/**
 * Warns about variables that nothing defines (no input, step varName, declared tool output or await
 * field), about variables only a later step defines, about older `{{step.output}}` references, and
 * about output fields that nothing produces. After a step whose writes errors hide, it stays quiet.
 */
export function checkVariables(
  steps: readonly CompiledStep[],
  inputs: JsonSchema,
  output: JsonSchema,
  outputOffsets: ReadonlyMap<string, number>,
  report: Reporter,
): void {
  const known = new Map<string, JsonSchema | undefined>();
  for (const [name, schema] of Object.entries(inputs.properties ?? {})) known.set(name, schema);
  const later = new Map<string, CompiledStep>();
  for (const s of steps) for (const d of s.defines) if (!later.has(d.name)) later.set(d.name, s);
  const stepNames = new Set(steps.map((s) => s.name));

  let opaque = false;
  let undeclared: CompiledStep | undefined;
  for (const s of steps) {
    for (const r of s.reads) {
      for (const ref of r.refs) checkRef(ref, s, refOffset(ref, r));
      for (const loop of r.loops ?? []) {
        const fields = elementFields(known, loop.over);
        if (!fields) continue;
        for (const name of loop.names) if (!fields.has(name)) checkRef(name, s, refOffset(name, r));
      }
    }
    for (const d of s.defines) known.set(d.name, d.schema);
    opaque ||= Boolean(s.opaque);
    if (s.undeclaredOutputs) undeclared ??= s;
  }

  const produced = new Set(known.keys());
  for (const name of Object.keys(output.properties ?? {})) {
    if (produced.has(name) || opaque) continue;
    const offset = outputOffsets.get(name) ?? 0;
    report.warn(
      'output-not-produced',
      `output field "${name}" is produced by no input, step varName, declared tool output or await field`,
      offset,
      offset + name.length,
    );
  }

  function checkRef(ref: string, s: CompiledStep, offset: number): void {
    if (known.has(ref) || opaque) return;
    if (stepNames.has(ref)) {
      report.warn(
        'step-reference',
        `step "${s.name}" reads "${ref}", which is a step name; a step with a varName stores its result under the varName, and a tool step under the keys it writes`,
        offset,
      );
      return;
    }
    const definer = later.get(ref);
    if (definer && definer !== s) {
      report.warn(
        'defined-later',
        `step "${s.name}" reads "${ref}", which only the later step "${definer.name}" defines`,
        offset,
      );
      return;
    }
    const near = nearestNames(
      ref,
      [...known.keys(), ...later.keys()].filter((n) => n !== ref),
      1,
    )[0];
    const hint = near ? `; did you mean "${near}"?` : '';
    report.warn(
      'undefined-variable',
      undeclared
        ? `step "${s.name}" reads "${ref}", which no input, step varName, declared tool output or await field defines; unless tool step "${undeclared.name}" (which declares no output_schema:) writes it, it will render as ""${hint}`
        : `step "${s.name}" reads "${ref}", which no input, step varName, declared tool output or await field defines; it will render as ""${hint}`,
      offset,
      offset + 2,
    );
  }
}

/** Where a read names `ref`: the `{{` of its first expression in verbatim text, else where the read starts. */
function refOffset(ref: string, r: Reads): number {
  if (r.text === undefined) return r.offset;
  const at = expressionNaming(r.text, ref);
  return at < 0 ? r.offset : r.offset + at;
}

/**
 * The index of the first `{{` whose expression (up to the next `}`) names `ref` as a whole word, or -1.
 * A scan over the text once: a pattern built from the name could be too large for a regular expression,
 * and `\{\{[^}]*?name` backtracks over every `{{` of a text without `}`.
 */
function expressionNaming(text: string, ref: string): number {
  let from = 0;
  while (from < text.length) {
    const open = text.indexOf('{{', from);
    if (open < 0) return -1;
    const close = text.indexOf('}', open + 2);
    const end = close < 0 ? text.length : close;
    for (let j = text.indexOf(ref, open + 2); j >= 0 && j < end; j = text.indexOf(ref, j + 1))
      if (!/[\w.]/.test(text[j - 1]) && !/\w/.test(text[j + ref.length] ?? '')) return open;
    from = end + 1;
  }
  return -1;
}

/** The field names of the elements of the array at `path`, when its schema says what they are. */
function elementFields(
  known: ReadonlyMap<string, JsonSchema | undefined>,
  path: readonly string[],
): Set<string> | undefined {
  if (!path.length || !known.has(path[0])) return undefined;
  let schema = known.get(path[0]);
  for (const seg of path.slice(1)) schema = /^\d+$/.test(seg) ? schema?.items : schema?.properties?.[seg];
  const props = schema?.items?.properties;
  return props ? new Set(Object.keys(props)) : undefined;
}

import type { JsonSchema } from '../../ir/schema.js';
import { aegisFieldsToSchema, type FieldProblem } from './field-schema.js';
import type { AegisCode, Reporter } from './reporter.js';
import { rangeAt, type YamlBlock } from '../kit/yaml-block.js';

/** Spec §8.1: words that may not name a field or a variable. */
export const RESERVED = new Set([
  'type',
  'tool',
  'when',
  'varName',
  'input',
  'output',
  'step',
  'skill',
  'description',
  'required',
  'items',
]);

/** A flat field map converted to JSON Schema, with the file offsets of each top-level field name. */
export interface Fields {
  schema: JsonSchema;
  /** Top-level field names in order, with the offset of each name. */
  names: { name: string; offset: number }[];
}

/** Converts the flat fields found at `path` of a YAML block, reporting problems where they are. */
export function readFields(
  block: YamlBlock,
  path: (string | number)[],
  value: unknown,
  what: string,
  report: Reporter,
): Fields {
  const problems: FieldProblem[] = [];
  const schema = aegisFieldsToSchema(value, problems);
  for (const p of problems) {
    const [start, end] = rangeAt(block, [...path, ...p.path], true);
    if (p.severity === 'error') report.error(withoutPrefix(p.code), `${what}: ${p.message}`, start, end);
    else report.warn(withoutPrefix(p.code), `${what}: ${p.message}`, start, end);
  }
  const names = Object.keys(schema.properties ?? {}).map((name) => ({
    name,
    offset: rangeAt(block, [...path, name], true)[0],
  }));
  for (const { name, offset } of names)
    if (RESERVED.has(name))
      report.error(
        'reserved-word',
        `${what}: "${name}" is a reserved word (spec §8.1) and cannot name a field; rename it`,
        offset,
        offset + name.length,
      );
  warnNestedReserved(schema, block, path, what, report);
  return { schema, names };
}

function warnNestedReserved(
  schema: JsonSchema,
  block: YamlBlock,
  path: (string | number)[],
  what: string,
  report: Reporter,
): void {
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const inner = sub.items?.properties ? sub.items : sub;
    const innerPath = sub.items?.properties ? [...path, name, 'items'] : [...path, name];
    for (const child of Object.keys(inner.properties ?? {})) {
      if (RESERVED.has(child)) {
        const [start, end] = rangeAt(block, [...innerPath, child], true);
        report.warn(
          'reserved-subfield',
          `${what}: sub-field "${child}" of "${name}" uses a reserved word (spec §8.1); it reads like an attribute, so rename it`,
          start,
          end,
        );
      }
    }
    warnNestedReserved(inner, block, innerPath, what, report);
  }
}

/** A field problem's code as the reporter takes it (the reporter adds the prefix back). */
function withoutPrefix(code: `aegis/${AegisCode}`): AegisCode {
  return code.slice('aegis/'.length) as AegisCode;
}

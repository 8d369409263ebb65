import type { WriteTarget } from '../../../ir/nodes.js';
import type { NodeFields } from '../fields.js';

/** The keys named by `output_keys` (one key or a list), or undefined after reporting a bad value. */
export function readOutputKeys(fields: NodeFields, example: string): string[] | undefined {
  const v = fields.values.output_keys;
  if (v === undefined || v === null) return [];
  const keys = Array.isArray(v) ? v : [v];
  if (keys.every((k) => typeof k === 'string' && /^[^.\s]+(?:\.[^.\s]+)*$/.test(k))) return keys as string[];
  fields.report.error(
    'bad-field',
    `output_keys names context keys: one (output_keys: answer) or a list (output_keys: [a, b]), e.g. ${example}`,
    ...fields.span('output_keys'),
  );
  return undefined;
}

/** Where a node's result goes: `fallback` by default, the one key named, or (several keys) each key of the result. */
export function outputTarget(keys: readonly string[], fallback: string): WriteTarget {
  if (keys.length === 0) return { set: [fallback] };
  if (keys.length === 1) return { set: keys[0].split('.') };
  return { merge: [] };
}

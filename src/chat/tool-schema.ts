import type { JsonSchema } from '../ir/schema.js';

/** A skill's input as a function's parameters: an object schema, without keywords of Skein's own (`x-…`, `$resolve`). */
export function toolSchema(input: JsonSchema): { schema: JsonSchema; wrapped: boolean } {
  const clean = strip(input) as JsonSchema;
  if (clean.type === 'object' || (clean.type === undefined && clean.properties))
    return { schema: { ...clean, type: 'object' }, wrapped: false };
  return { schema: { type: 'object', properties: { input: clean }, required: ['input'] }, wrapped: true };
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('x-') || (k.startsWith('$') && !['$ref', '$defs', '$id', '$schema'].includes(k)))
      continue;
    out[k] = strip(v);
  }
  return out;
}

import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../ir/schema.js';
import { compiledSchema } from './ajv.js';

/** One bad field: its dotted path (`items[2].name`, or `(root)`) and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

export type Validation<T = unknown> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * Validates a value against a schema. Defaults are applied to a copy (the caller's value is never
 * changed); every bad field is reported by name.
 */
export function validateValue(schema: JsonSchema, value: unknown): Validation {
  const { validate, hasDefaults } = compiledSchema(schema);
  const copy = value === undefined || !hasDefaults ? value : structuredClone(value);
  if (validate(copy)) return { ok: true, value: copy };
  return { ok: false, errors: toFieldErrors(validate.errors ?? [], schema) };
}

/** Turns a list of field errors into one sentence. */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.field}: ${e.message}`).join('; ');
}

function toFieldErrors(errors: ErrorObject[], schema: JsonSchema): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // anyOf/oneOf produce a summary error after the branch errors; the branches say more.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const path = pointerToPath(e.instancePath);
    let field = formatPath(path);
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      field = formatPath([...path, missing]);
      message = 'is required';
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.filter((v) => v !== null);
      message = `must be one of: ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      field = formatPath([...path, extra]);
      message = 'is not an allowed field';
    } else if (e.keyword === 'type') {
      message = `must be ${String((e.params as { type: string }).type)
        .replace(',null', '')
        .replace(',', ' or ')}`;
    }
    const custom = customMessage(schema, path);
    if (custom && e.keyword !== 'required' && e.keyword !== 'type') message = custom;
    const key = `${field}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message });
  }
  return out;
}

function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function formatPath(path: readonly string[]): string {
  if (!path.length) return '(root)';
  let out = '';
  for (const seg of path) out += /^\d+$/.test(seg) ? `[${seg}]` : out ? `.${seg}` : seg;
  return out;
}

/** A field's own message (`validation.message` in Aegis), if its schema carries one. */
function customMessage(schema: JsonSchema, path: readonly string[]): string | undefined {
  let node: JsonSchema | undefined = schema;
  for (const seg of path) {
    if (!node) return undefined;
    node = /^\d+$/.test(seg) ? node.items : node.properties?.[seg];
  }
  const m = node?.['x-message'];
  return typeof m === 'string' ? m : undefined;
}

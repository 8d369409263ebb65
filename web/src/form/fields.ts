import type { Schema } from '../api/types';

/** A choice of a select or checkbox group. */
export interface Choice {
  label: string;
  value: unknown;
}

/** How one property of an object schema is asked for. */
export interface Field {
  name: string;
  /** The accessible name: Aegis `label`, else JSON Schema `title`, else the name. */
  label: string;
  help?: string;
  placeholder?: string;
  required: boolean;
  widget:
    | 'text'
    | 'textarea'
    | 'number'
    | 'integer'
    | 'checkbox'
    | 'select'
    | 'checkboxes'
    | 'json'
    | 'date'
    | 'lines';
  choices: Choice[];
  default?: unknown;
  min?: number;
  max?: number;
  pattern?: string;
  /** The skill's own message for a value out of its bounds (Aegis `validation.message`). */
  message?: string;
}

/** The fields of an object schema, in its order (Aegis field properties and their JSON Schema equivalents). */
export function fieldsOf(schema: Schema): Field[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, prop]) => fieldOf(name, prop, required.has(name)));
}

function fieldOf(name: string, prop: Schema, required: boolean): Field {
  const type = mainType(prop);
  const items = (prop.items ?? {}) as Schema;
  const choices = choicesOf(prop, type === 'array' ? items : prop);
  const field: Field = {
    name,
    label: String(prop['x-label'] ?? prop.title ?? name),
    help: typeof prop.description === 'string' ? prop.description : undefined,
    placeholder: prop['x-placeholder'] === undefined ? undefined : String(prop['x-placeholder']),
    required,
    widget: widgetOf(prop, type, choices),
    choices,
    default: prop.default,
    message: typeof prop['x-message'] === 'string' ? prop['x-message'] : undefined,
    pattern: typeof prop.pattern === 'string' ? prop.pattern : undefined,
  };
  const bounds =
    type === 'string'
      ? ['minLength', 'maxLength']
      : type === 'array'
        ? ['minItems', 'maxItems']
        : ['minimum', 'maximum'];
  if (typeof prop[bounds[0]] === 'number') field.min = prop[bounds[0]] as number;
  if (typeof prop[bounds[1]] === 'number') field.max = prop[bounds[1]] as number;
  return field;
}

function mainType(prop: Schema): string | undefined {
  const type = prop.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (Array.isArray(prop.enum)) return 'string';
  return undefined;
}

/** Choices from Aegis `options` (values or `{label, value}`), else from `enum` / `items.enum` / `oneOf` consts. */
function choicesOf(prop: Schema, holder: Schema): Choice[] {
  const options = prop['x-options'];
  if (Array.isArray(options))
    return options.map((o) =>
      o && typeof o === 'object' && 'value' in o
        ? { label: String((o as Choice).label ?? (o as Choice).value), value: (o as Choice).value }
        : { label: String(o), value: o },
    );
  if (Array.isArray(holder.enum))
    return holder.enum.filter((v) => v !== null).map((v) => ({ label: String(v), value: v }));
  if (Array.isArray(holder.oneOf))
    return (holder.oneOf as Schema[])
      .filter((o) => 'const' in o)
      .map((o) => ({ label: String(o.title ?? o.const), value: o.const }));
  return [];
}

function widgetOf(prop: Schema, type: string | undefined, choices: Choice[]): Field['widget'] {
  if (type === 'array' && choices.length) return 'checkboxes';
  if (choices.length) return 'select';
  if (type === 'array' && (prop.items as Schema | undefined)?.type === 'string') return 'lines';
  if (type === 'boolean') return 'checkbox';
  if (type === 'number') return 'number';
  if (type === 'integer') return 'integer';
  if (type === 'string' && prop.format === 'date') return 'date';
  if (type === 'string')
    return prop['x-uiHint'] === 'textarea' || (prop.maxLength as number) > 200 ? 'textarea' : 'text';
  return 'json';
}

/** What a form holds for a field: strings for text-like widgets, booleans, lists of choice indexes. */
export type FormValue = string | boolean | number[];

/** The starting value of each field: its default, else empty. */
export function initialValues(fields: Field[], from?: Record<string, unknown>): Record<string, FormValue> {
  return Object.fromEntries(
    fields.map((f) => [f.name, toFormValue(f, from && f.name in from ? from[f.name] : f.default)]),
  );
}

function toFormValue(field: Field, value: unknown): FormValue {
  switch (field.widget) {
    case 'checkbox':
      return value === true;
    case 'checkboxes':
      return Array.isArray(value)
        ? field.choices.flatMap((c, i) => (value.some((v) => same(v, c.value)) ? [i] : []))
        : [];
    case 'select': {
      const i = field.choices.findIndex((c) => same(c.value, value));
      return i < 0 ? '' : String(i);
    }
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
    case 'lines':
      return Array.isArray(value) ? value.join('\n') : '';
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The input a form's values make, and a message for each field that is not right. The server checks
 * again (its messages are the final word); these only spare a round trip.
 */
export function collect(
  fields: Field[],
  values: Record<string, FormValue>,
): { input: Record<string, unknown>; errors: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const raw = values[f.name];
    const bad = (message: string) => (errors[f.name] = f.message ?? message);
    switch (f.widget) {
      case 'checkbox':
        input[f.name] = raw === true;
        break;
      case 'checkboxes': {
        const chosen = (raw as number[]).map((i) => f.choices[i].value);
        if (f.required && !chosen.length && f.min === undefined) errors[f.name] = 'choose at least one';
        else if (f.min !== undefined && chosen.length < f.min) bad(`choose at least ${f.min}`);
        else if (f.max !== undefined && chosen.length > f.max) bad(`choose at most ${f.max}`);
        if (chosen.length || f.required) input[f.name] = chosen;
        break;
      }
      case 'select':
        if (raw === '') {
          if (f.required) errors[f.name] = 'is required';
        } else input[f.name] = f.choices[Number(raw)].value;
        break;
      default: {
        const text = String(raw);
        if (text.trim() === '') {
          if (f.required) errors[f.name] = 'is required';
          break;
        }
        if (f.widget === 'number' || f.widget === 'integer') {
          const n = Number(text);
          if (!Number.isFinite(n) || (f.widget === 'integer' && !Number.isInteger(n))) {
            errors[f.name] = f.widget === 'integer' ? 'must be a whole number' : 'must be a number';
            break;
          }
          if (f.min !== undefined && n < f.min) bad(`must be at least ${f.min}`);
          else if (f.max !== undefined && n > f.max) bad(`must be at most ${f.max}`);
          input[f.name] = n;
        } else if (f.widget === 'lines') {
          const lines = text
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean);
          if (f.min !== undefined && lines.length < f.min) bad(`needs at least ${f.min}`);
          else if (f.max !== undefined && lines.length > f.max) bad(`takes at most ${f.max}`);
          input[f.name] = lines;
        } else if (f.widget === 'json') {
          try {
            input[f.name] = JSON.parse(text);
          } catch {
            errors[f.name] = 'must be JSON';
          }
        } else {
          if (f.min !== undefined && text.length < f.min) bad(`must be at least ${f.min} characters`);
          else if (f.max !== undefined && text.length > f.max) bad(`must be at most ${f.max} characters`);
          else if (f.pattern !== undefined && !new RegExp(f.pattern, 'u').test(text))
            bad(`must match ${f.pattern}`);
          input[f.name] = text;
        }
      }
    }
  }
  return { input, errors };
}

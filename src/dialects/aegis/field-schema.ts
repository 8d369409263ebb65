import type { AegisCode } from './reporter.js';
import type { JsonSchema } from '../../ir/schema.js';

/** A problem found while converting flat fields; `path` is the key path inside the YAML block. */
export interface FieldProblem {
  path: (string | number)[];
  severity: 'error' | 'warning';
  code: `aegis/${AegisCode}`;
  message: string;
}

const AEGIS_TYPES = new Set(['string', 'number', 'boolean', 'array', 'object']);
/** Attributes a field may carry (spec §2.1, §2.3) plus `uiHint`, which real skills use. */
const ATTRIBUTES = new Set([
  'type',
  'required',
  'description',
  'default',
  'options',
  'placeholder',
  'label',
  'validation',
  'items',
  'uiHint',
]);
/** Attributes that a sub-field of the same name can stand in for (never `type`, `items`, `default`, `validation`). */
const SUBFIELD_CAPABLE = new Set(['required', 'description', 'options', 'placeholder', 'label', 'uiHint']);
const VALIDATION_KEYS: Record<string, Record<string, string>> = {
  number: { min: 'minimum', max: 'maximum' },
  integer: { min: 'minimum', max: 'maximum' },
  string: {
    min: 'minLength',
    max: 'maxLength',
    minLength: 'minLength',
    maxLength: 'maxLength',
    pattern: 'pattern',
  },
  array: { min: 'minItems', max: 'maxItems', minItems: 'minItems', maxItems: 'maxItems' },
};

/**
 * Converts an Aegis flat field map (spec §2–§3: shorthand `name: type`, sub-fields flattened under
 * objects and `items`, options, defaults, validation) into an object JSON Schema.
 * Fields are required unless `required: false`; optional fields also accept null.
 */
export function aegisFieldsToSchema(fields: unknown, problems: FieldProblem[]): JsonSchema {
  return objectSchema(fields, [], problems);
}

function objectSchema(fields: unknown, path: (string | number)[], problems: FieldProblem[]): JsonSchema {
  const schema: JsonSchema = { type: 'object', properties: {} };
  if (fields === null || fields === undefined) return schema;
  if (!isRecord(fields)) {
    problems.push(
      error(path, 'aegis/fields-not-map', 'expected field definitions as a mapping (name: type)'),
    );
    return schema;
  }
  const required: string[] = [];
  for (const [name, def] of Object.entries(fields)) {
    const field = fieldSchema(def, [...path, name], problems);
    if (!field) continue;
    schema.properties![name] = field.schema;
    if (field.required) required.push(name);
  }
  if (required.length) schema.required = required;
  return schema;
}

function fieldSchema(
  def: unknown,
  path: (string | number)[],
  problems: FieldProblem[],
): { schema: JsonSchema; required: boolean } | undefined {
  const name = String(path[path.length - 1]);
  if (typeof def === 'string') return { schema: typeSchema(def.trim(), path, problems), required: true };
  if (Array.isArray(def)) return { schema: listShorthand(def, path, problems), required: true };
  if (!isRecord(def)) {
    problems.push(
      error(
        path,
        'aegis/field-without-type',
        `field "${name}" needs a type: write "${name}: string" or a mapping with type:`,
      ),
    );
    return undefined;
  }
  const type = def.type;
  if (typeof type !== 'string') {
    problems.push(
      error(
        path,
        'aegis/field-without-type',
        `field "${name}" has no type; add "type: string" (or number, boolean, array, object)`,
      ),
    );
    return undefined;
  }
  const schema = typeSchema(type.trim(), [...path, 'type'], problems);
  // An attribute name whose value has a type of its own is a sub-field of that name, not the attribute.
  const attr = (k: string) => (SUBFIELD_CAPABLE.has(k) && hasOwnType(def[k]) ? undefined : def[k]);
  const requiredAttr = attr('required');
  const required = requiredAttr === undefined ? true : requiredAttr === true;
  if (requiredAttr !== undefined && typeof requiredAttr !== 'boolean')
    problems.push(error([...path, 'required'], 'aegis/bad-required', `required must be true or false`));
  const description = attr('description');
  if (typeof description === 'string') schema.description = description;
  if (def.default !== undefined) schema.default = def.default;
  for (const ui of ['label', 'placeholder', 'uiHint'] as const)
    if (attr(ui) !== undefined) schema[`x-${ui}`] = attr(ui);
  if (attr('options') !== undefined) applyOptions(schema, def.options, [...path, 'options'], problems);
  if (def.validation !== undefined)
    applyValidation(schema, def.validation, [...path, 'validation'], problems);

  if (schema.type === 'array' && def.items !== undefined)
    schema.items = itemsSchema(def.items, [...path, 'items'], problems);
  else if (def.items !== undefined)
    problems.push(error([...path, 'items'], 'aegis/items-on-non-array', `items only applies to type: array`));

  const subFields: [string, unknown][] = [];
  for (const [k, v] of Object.entries(def)) {
    if (ATTRIBUTES.has(k) && !(SUBFIELD_CAPABLE.has(k) && hasOwnType(v))) continue;
    if (isRecord(v) || (schema.type === 'object' && typeof v === 'string' && isTypeName(v.trim())))
      subFields.push([k, v]);
    else
      problems.push(
        warning(
          [...path, k],
          'aegis/unknown-attribute',
          `unknown attribute "${k}" on field "${name}" is ignored`,
        ),
      );
  }
  if (subFields.length && schema.type !== 'object') {
    for (const [k] of subFields)
      problems.push(
        error(
          [...path, k],
          'aegis/subfield-on-scalar',
          `"${k}" looks like a sub-field, but "${name}" has type ${type}; sub-fields need type: object`,
        ),
      );
  } else if (subFields.length) {
    const nested = objectSchema(Object.fromEntries(subFields), path, problems);
    schema.properties = nested.properties;
    if (nested.required) schema.required = nested.required;
  }
  if (!required) allowNull(schema);
  return { schema, required };
}

/** `items: {type: string}` describes the element; `items: {name: {...}, …}` flattens an object element. */
function itemsSchema(items: unknown, path: (string | number)[], problems: FieldProblem[]): JsonSchema {
  if (typeof items === 'string') return typeSchema(items.trim(), path, problems);
  if (isRecord(items) && typeof items.type === 'string') {
    const element = fieldSchema(items, path, problems);
    return element ? stripNull(element.schema) : {};
  }
  return objectSchema(items, path, problems);
}

/** `name: [string]` (older JSON output contracts): an array, of the one element type it shows. */
function listShorthand(def: unknown[], path: (string | number)[], problems: FieldProblem[]): JsonSchema {
  const name = String(path[path.length - 1]);
  const element = def.length === 1 && typeof def[0] === 'string' ? def[0].trim() : undefined;
  problems.push(
    warning(
      path,
      'aegis/older-form',
      `field "${name}" is written as a list, an older form read as an array${element ? ` of ${element}` : ''}; write ${name}: {type: array${element ? `, items: {type: ${element}}` : ''}}`,
    ),
  );
  return element ? { type: 'array', items: typeSchema(element, [...path, 0], problems) } : { type: 'array' };
}

function typeSchema(type: string, path: (string | number)[], problems: FieldProblem[]): JsonSchema {
  if (AEGIS_TYPES.has(type)) return { type };
  if (type === 'integer') {
    problems.push(
      warning(
        path,
        'aegis/nonstandard-type',
        `"integer" is not an Aegis type (string, number, boolean, array, object); it is checked as a whole number`,
      ),
    );
    return { type: 'integer' };
  }
  problems.push(
    error(path, 'aegis/unknown-type', `unknown type "${type}"; use string, number, boolean, array or object`),
  );
  return {};
}

function applyOptions(
  schema: JsonSchema,
  options: unknown,
  path: (string | number)[],
  problems: FieldProblem[],
): void {
  if (!Array.isArray(options) || options.length === 0) {
    problems.push(error(path, 'aegis/bad-options', `options must be a non-empty list of choices`));
    return;
  }
  const values = options.map((o) => (isRecord(o) && 'value' in o ? o.value : o));
  if (schema.type === 'array') schema.items = { enum: values };
  else if (schema.type === 'string' || schema.type === 'number' || schema.type === 'integer')
    schema.enum = values;
  else
    problems.push(
      error(path, 'aegis/bad-options', `options apply to string (single choice) or array (multiple choice)`),
    );
  schema['x-options'] = options;
}

function applyValidation(
  schema: JsonSchema,
  validation: unknown,
  path: (string | number)[],
  problems: FieldProblem[],
): void {
  if (!isRecord(validation)) {
    problems.push(
      error(path, 'aegis/bad-validation', `validation must be a mapping such as {min: 1, max: 10}`),
    );
    return;
  }
  const keys = VALIDATION_KEYS[String(schema.type)] ?? {};
  for (const [k, v] of Object.entries(validation)) {
    if (k === 'message') {
      if (typeof v === 'string') schema['x-message'] = v;
      continue;
    }
    const keyword = keys[k];
    const wantsNumber = keyword !== 'pattern';
    if (!keyword || (wantsNumber ? typeof v !== 'number' : typeof v !== 'string')) {
      problems.push(
        warning(
          [...path, k],
          'aegis/unknown-validation',
          `validation "${k}" is not understood for type ${String(schema.type)} and is ignored`,
        ),
      );
      continue;
    }
    schema[keyword] = v;
  }
}

function allowNull(schema: JsonSchema): void {
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (schema.enum) schema.enum = [...schema.enum, null];
}

function stripNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) schema.type = schema.type.filter((t) => t !== 'null')[0];
  if (schema.enum) schema.enum = schema.enum.filter((v) => v !== null);
  return schema;
}

/** An attribute name whose value is a mapping with its own `type` is a sub-field of that name. */
function hasOwnType(v: unknown): boolean {
  return isRecord(v) && typeof v.type === 'string';
}

function isTypeName(t: string): boolean {
  return AEGIS_TYPES.has(t) || t === 'integer';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function error(path: (string | number)[], code: FieldProblem['code'], message: string): FieldProblem {
  return { path, severity: 'error', code, message };
}

function warning(path: (string | number)[], code: FieldProblem['code'], message: string): FieldProblem {
  return { path, severity: 'warning', code, message };
}

import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { toErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';

// Keywords that only say a part below them failed; the part's own error says what is wrong.
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  '$ref',
  'if',
  'then',
  'else',
]);

/**
 * The form's validator: `@cfworker/json-schema`, which compiles no code (the page's CSP allows no
 * eval), with Skein's messages (an Aegis `validation.message` first). The server checks again and
 * has the last word.
 */
export const validator: ValidatorType = {
  validateFormData(formData, schema) {
    const errors = check(schema, formData);
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid: (schema, formData) => check(schema, formData).length === 0,
  rawValidation: (schema, formData) => ({ errors: check(schema, formData) as never }),
};

function check(schema: RJSFSchema, data: unknown): RJSFValidationError[] {
  const result = new Validator(schema as object, '2020-12', false).validate(data);
  return result.errors.filter((e) => !WRAPPERS.has(e.keyword)).map((e) => errorOf(schema, e));
}

function errorOf(root: RJSFSchema, e: OutputUnit): RJSFValidationError {
  let property = e.instanceLocation.replace(/^#/, '').replace(/\//g, '.');
  const node = at(root, e.keywordLocation.replace(/^#/, '').split('/').slice(1, -1));
  let message = messageOf(e.keyword, node, e.error);
  if (e.keyword === 'required') {
    property += `.${/"(.*)"\.?$/.exec(e.error)?.[1] ?? ''}`;
    message = 'is required';
  }
  return {
    name: e.keyword,
    property,
    message,
    stack: `${property} ${message}`,
    schemaPath: e.keywordLocation,
  };
}

function at(schema: unknown, path: string[]): Record<string, unknown> {
  let node = schema;
  for (const key of path)
    node = (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node ?? {}) as Record<string, unknown>;
}

function messageOf(keyword: string, s: Record<string, unknown>, fallback: string): string {
  const own = typeof s['x-message'] === 'string' ? s['x-message'] : undefined;
  const limit = s[keyword] as number;
  const choices = !!(s.items as Record<string, unknown> | undefined)?.oneOf;
  switch (keyword) {
    case 'minimum':
    case 'exclusiveMinimum':
      return own ?? `must be at least ${limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return own ?? `must be at most ${limit}`;
    case 'minLength':
      return own ?? `must be at least ${limit} characters`;
    case 'maxLength':
      return own ?? `must be at most ${limit} characters`;
    case 'minItems':
      return own ?? (choices ? `choose at least ${limit}` : `needs at least ${limit}`);
    case 'maxItems':
      return own ?? (choices ? `choose at most ${limit}` : `takes at most ${limit}`);
    case 'pattern':
      return own ?? `must match ${String(s.pattern)}`;
    case 'type':
      return s.type === 'integer'
        ? 'must be a whole number'
        : `must be ${/^[aeiou]/.test(String(s.type)) ? 'an' : 'a'} ${String(s.type)}`;
    case 'oneOf':
    case 'enum':
    case 'const':
      return 'is not one of the choices';
    default:
      return fallback;
  }
}

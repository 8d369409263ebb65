import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '../ir/schema.js';

type FormSchema = ElicitRequestFormParams['requestedSchema'];

const KEPT: Record<string, readonly string[]> = {
  string: ['title', 'description', 'default', 'minLength', 'maxLength', 'format', 'enum'],
  number: ['title', 'description', 'default', 'minimum', 'maximum'],
  integer: ['title', 'description', 'default', 'minimum', 'maximum'],
  boolean: ['title', 'description', 'default'],
};
const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

/**
 * An await's answer schema as an elicitation form (MCP allows an object of flat fields: strings,
 * numbers, booleans, string enums); undefined when it has fields a form cannot ask for.
 */
export function formSchema(schema: JsonSchema): FormSchema | undefined {
  if (schema.type !== 'object' && !schema.properties) return undefined;
  const properties: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const type = fieldType(raw.type);
    const kept = type && KEPT[type];
    if (!kept) return undefined;
    if (type === 'string' && raw.format !== undefined && !FORMATS.has(String(raw.format))) return undefined;
    if (raw.enum !== undefined && !(raw.enum as unknown[]).every((v) => typeof v === 'string'))
      return undefined;
    properties[name] = Object.fromEntries([
      ['type', type],
      ...kept.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]),
    ]);
  }
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : undefined;
  return {
    type: 'object',
    properties: properties as FormSchema['properties'],
    ...(required?.length ? { required } : {}),
  };
}

/** A field's one type; an optional field's `[type, "null"]` is its type (a form leaves it out instead). */
function fieldType(type: JsonSchema['type']): string | undefined {
  const types = Array.isArray(type) ? type.filter((t) => t !== 'null') : [type];
  return types.length === 1 ? types[0] : undefined;
}

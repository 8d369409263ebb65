import type { Diagnostic } from '../../ir/diagnostic.js';
import type { JsonSchema } from '../../ir/schema.js';
import { compileSchema, sharedAjv } from '../../schema/ajv.js';
import { FieldReader } from './fields.js';
import type { JsonFile } from './json-file.js';

/** What assets/output_schema.json says: the schema of `data`, and the types it gives profile fields. */
export interface OutputSchema {
  data: JsonSchema;
  profile: Readonly<Record<string, JsonSchema>>;
}

const CONTRACT_FIXED = ['response', 'control'];

/**
 * Reads the output schema: a valid JSON Schema whose `properties.data` constrains `data` (fields it does
 * not declare are refused unless it says `additionalProperties`); `properties.profile` only types the
 * fields that `outputs.provides` lists. `response` and `control` are fixed by the contract.
 */
export function readOutputSchema(json: JsonFile, out: Diagnostic[]): OutputSchema | undefined {
  const r = new FieldReader(json, out);
  const root = json.value;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    r.error(
      'wrong-type',
      'assets/output_schema.json must be a JSON Schema object: {"properties": {"data": {"properties": {…}}}}',
      [],
    );
    return undefined;
  }
  const ajv = sharedAjv();
  if (!ajv.validateSchema(root)) {
    const seen = new Set<string>();
    for (const e of ajv.errors ?? []) {
      // One message per place: a bad `type` fails its enum, its array form and the anyOf joining them.
      if (seen.has(e.instancePath)) continue;
      seen.add(e.instancePath);
      const path = e.instancePath
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      r.error(
        'bad-schema',
        `assets/output_schema.json is not a valid JSON Schema: ${e.instancePath || '(root)'} ${e.message}`,
        path,
      );
    }
    return undefined;
  }
  try {
    compileSchema(root as JsonSchema);
  } catch (e) {
    r.error('bad-schema', `assets/output_schema.json cannot be used: ${(e as Error).message}`, []);
    return undefined;
  }
  const schema = root as JsonSchema;
  for (const key of CONTRACT_FIXED)
    if (schema.properties?.[key])
      r.warn(
        'fixed-part',
        `"${key}" is fixed by the output contract; its schema here is ignored`,
        ['properties', key],
        'key',
      );

  const declared = schema.properties?.data;
  let data: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
  if (declared) {
    if (declared.type !== undefined && declared.type !== 'object')
      r.error(
        'wrong-type',
        `properties.data must describe an object ("type": "object"), not ${JSON.stringify(declared.type)}`,
        ['properties', 'data', 'type'],
      );
    data = { ...declared, type: 'object', additionalProperties: declared.additionalProperties ?? false };
  }
  return { data, profile: schema.properties?.profile?.properties ?? {} };
}

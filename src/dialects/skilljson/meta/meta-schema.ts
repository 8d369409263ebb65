import type { JsonSchema } from '../../../ir/schema.js';

/** The meta-schema of skill.json, spec §8, verbatim (descriptions translated). */
export const SKILL_JSON_META_SCHEMA: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'OpenEvo Skill Definition',
  type: 'object',
  required: ['name', 'description', 'category', 'input', 'output', 'mode'],
  properties: {
    name: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'function name, snake_case' },
    description: { type: 'string', minLength: 1 },
    category: { type: 'string' },
    input: { $ref: 'http://json-schema.org/draft-07/schema#', description: 'JSON Schema of the input' },
    output: { $ref: 'http://json-schema.org/draft-07/schema#', description: 'JSON Schema of the result' },
    mode: { type: 'string', enum: ['code', 'llm', 'composite'] },
    calls: { type: 'array', items: { type: 'string' }, default: [] },
    pipeline: {
      type: 'array',
      items: {
        type: 'object',
        required: ['step', 'skill', 'input'],
        properties: {
          step: { type: 'string' },
          skill: { type: 'string' },
          input: { type: 'object' },
          condition: { type: 'string' },
        },
      },
    },
    outputMapping: { type: 'object' },
    version: { type: 'string', default: '1.0.0' },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
    author: { type: 'string' },
    timeout: { type: 'number', default: 30000 },
    retry: { type: 'number', default: 0 },
  },
  additionalProperties: false,
};

/** The top-level fields the meta-schema allows, in the spec's order. */
export const SKILL_JSON_FIELDS = Object.keys(SKILL_JSON_META_SCHEMA.properties!);

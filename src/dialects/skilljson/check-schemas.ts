import type { JsonSchema } from '../../ir/schema.js';
import { compileSchema } from '../../schema/index.js';
import { entryOf } from '../kit/json/json-node.js';
import type { SkillManifest } from './manifest.js';
import type { Reporter } from './reporter.js';

/** Checks that `input` and `output` compile with Ajv, and that the input is an object of named fields. */
export function checkSchemas(manifest: SkillManifest, report: Reporter): void {
  for (const key of ['input', 'output'] as const) {
    const node = entryOf(manifest.root, key)!.value;
    try {
      compileSchema(manifest[key]);
    } catch (e) {
      report.error(
        'bad-schema',
        `"${key}" is not a JSON Schema that can be used: ${(e as Error).message}`,
        node.start,
        node.start + 1,
      );
    }
  }
  if (!isObjectSchema(manifest.input)) {
    const node = entryOf(manifest.root, 'input')!.value;
    report.warn(
      'input-not-object',
      '"input" should describe an object of named fields ({"type": "object", "properties": {…}}): a skill is called like a function with named arguments, by runs, pipelines and chat',
      node.start,
      node.start + 1,
    );
  }
}

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);
}

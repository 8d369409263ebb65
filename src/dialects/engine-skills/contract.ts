import type { Diagnostic } from '../../ir/diagnostic.js';
import type { JsonSchema } from '../../ir/schema.js';
import { controlSchema } from './card-schema.js';
import type { JsonFile } from './json-file.js';
import type { OutputSchema } from './output-schema.js';

/**
 * The four-part contract: exactly `{response, profile, data, control}`. `profile`'s fields are rewritten
 * from `provides` (typed by the output schema where it types them; a field it types but `provides`
 * does not list is dropped, with a warning); `data` is the output schema's; `control` is the card schema.
 */
export function buildContract(
  provides: readonly string[],
  schema: OutputSchema,
  files: { meta: JsonFile; output?: JsonFile },
  out: Diagnostic[],
): JsonSchema {
  const profilePaths = provides.filter((p) => p.startsWith('profile.')).map((p) => p.split('.').slice(1));
  const profile = profileSchema(profilePaths, schema.profile);
  const dataFields = Object.keys(schema.data.properties ?? {});
  const listed = (files.meta.value as { outputs?: { provides?: unknown[] } }).outputs?.provides ?? [];
  provides.forEach((entry) => {
    if (entry.startsWith('profile.')) return;
    if (!dataFields.includes(entry) && schema.data.additionalProperties === false)
      out.push(
        files.meta.diagnostic(
          'warning',
          'engine/undeclared-data',
          `outputs.provides lists the data field "${entry}", which assets/output_schema.json does not declare under properties.data, so no answer can write it; declare its type there`,
          ['outputs', 'provides', listed.indexOf(entry)],
        ),
      );
  });
  for (const key of Object.keys(schema.profile))
    if (!profile.properties![key] && files.output)
      out.push(
        files.output.diagnostic(
          'warning',
          'engine/profile-not-provided',
          `profile field "${key}" is not in outputs.provides, so the skill may not write it and this schema is ignored; add "profile.${key}" to outputs.provides or remove it here`,
          ['properties', 'profile', 'properties', key],
          'key',
        ),
      );
  const writable = [
    ...provides.filter((p) => p.startsWith('profile.')),
    ...dataFields,
    ...provides.filter((p) => !p.startsWith('profile.') && !dataFields.includes(p)),
  ];
  return {
    type: 'object',
    additionalProperties: false,
    required: ['response', 'profile', 'data', 'control'],
    properties: {
      response: { type: 'string' },
      profile,
      data: schema.data,
      control: controlSchema([...new Set(writable)]),
    },
  };
}

/**
 * The schema of the profile fields at `paths` (relative to `profile`): a field listed whole takes its
 * declared type (or any value); a field only some of whose parts are listed is an object of those parts.
 */
function profileSchema(
  paths: readonly (readonly string[])[],
  typed: Readonly<Record<string, JsonSchema>> | undefined,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const head of new Set(paths.map((p) => p[0]))) {
    const declared = typed?.[head];
    const whole = paths.some((p) => p.length === 1 && p[0] === head);
    properties[head] = whole
      ? (declared ?? {})
      : profileSchema(
          paths.filter((p) => p[0] === head).map((p) => p.slice(1)),
          declared?.properties,
        );
  }
  return { type: 'object', additionalProperties: false, properties };
}

import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';

/** An input field a routed run still needs. */
export interface MissingField {
  field: string;
  message: string;
  schema: JsonSchema;
}

/** Input fields that take a person's request as it is (an engine skill's `message`, a `query`), in order of preference. */
const REQUEST_FIELDS = ['message', 'request', 'query', 'question', 'prompt'];

/**
 * The input of a skill chosen for a request: the input given, plus the request itself in the first
 * empty text field named for it (`message`, `request`, `query`, `question`, `prompt`); and the required
 * fields still missing, which only the person can fill.
 */
export function fillInput(
  skill: Skill,
  request: string,
  given: Readonly<Record<string, unknown>>,
): { input: Record<string, unknown>; missing: MissingField[] } {
  const properties = skill.input.properties ?? {};
  const input: Record<string, unknown> = { ...given };
  const takes = REQUEST_FIELDS.find((f) => properties[f] && isText(properties[f]) && input[f] === undefined);
  if (takes) input[takes] = request;
  const missing = (skill.input.required ?? [])
    .filter((f) => input[f] === undefined && properties[f]?.default === undefined)
    .map((field) => ({
      field,
      message: properties[field]?.description ?? properties[field]?.title?.toString() ?? 'is required',
      schema: properties[field] ?? {},
    }));
  return { input, missing };
}

function isText(schema: JsonSchema): boolean {
  return schema.type === undefined || schema.type === 'string';
}

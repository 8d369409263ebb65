import type { JsonSchema } from '../ir/schema.js';
import type { FieldError } from '../schema/index.js';

/** The system prompt asking for JSON of `schema`, after the caller's own system prompt. */
export function jsonSystemPrompt(system: string | undefined, schema: JsonSchema): string {
  const instruction = [
    'Answer with only a JSON value that matches this JSON Schema. No prose, no Markdown code fence, nothing before or after the JSON.',
    JSON.stringify(schema, null, 2),
  ].join('\n');
  return system ? `${system}\n\n${instruction}` : instruction;
}

/** The user message sent after a bad answer: what was wrong, field by field, and what to do. */
export function repairMessage(errors: readonly FieldError[]): string {
  const lines = errors.map((e) => `- ${e.field}: ${e.message}`);
  return ['Your answer did not match the JSON Schema:', ...lines, 'Answer again with only the JSON.'].join(
    '\n',
  );
}

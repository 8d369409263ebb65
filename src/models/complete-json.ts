import type { ModelMessage } from 'ai';
import type { JsonSchema } from '../ir/schema.js';
import { describeFieldErrors, validateValue, type FieldError } from '../schema/index.js';
import { complete } from './complete.js';
import { ModelOutputError } from './errors.js';
import { extractJson } from './extract-json.js';
import { jsonSystemPrompt, repairMessage } from './json-prompts.js';
import { withJsonMode } from './json-mode.js';
import type { ModelRequest, Usage } from './request.js';

/** A request for an answer in JSON of `schema`. */
export type JsonRequest = ModelRequest & {
  schema: JsonSchema;
  /** Extra answers to ask for after a bad one. Default 2. */
  repairAttempts?: number;
};

/** A valid JSON answer (schema defaults applied), its text, and how many answers it took. */
export interface JsonCompletion {
  value: unknown;
  text: string;
  attempts: number;
  usage: Usage;
  finishReason?: string;
}

const DEFAULT_REPAIR_ATTEMPTS = 2;

/**
 * Asks the model for JSON of `request.schema` and validates it; a bad answer is sent back with its
 * errors, up to `repairAttempts` times, before a `ModelOutputError`.
 */
export async function completeJson(request: JsonRequest): Promise<JsonCompletion> {
  const { schema, repairAttempts = DEFAULT_REPAIR_ATTEMPTS, ...call } = request;
  const model = withJsonMode(call.model, schema);
  const system = jsonSystemPrompt(call.system, schema);
  const messages: ModelMessage[] = call.messages
    ? [...call.messages]
    : [{ role: 'user', content: call.prompt ?? '' }];
  const usage: Usage = {};
  let text = '';
  let errors: FieldError[] = [];
  for (let attempts = 1; attempts <= 1 + repairAttempts; attempts++) {
    const answer = await complete({ ...call, model, system, messages, prompt: undefined });
    addUsage(usage, answer.usage);
    text = answer.text;
    const extracted = extractJson(text);
    const checked = extracted.ok
      ? validateValue(schema, extracted.value)
      : { ok: false as const, errors: [{ field: '(root)', message: extracted.error }] };
    if (checked.ok) return { value: checked.value, text, attempts, usage, finishReason: answer.finishReason };
    errors = checked.errors;
    messages.push({ role: 'assistant', content: text }, { role: 'user', content: repairMessage(errors) });
  }
  const attempts = 1 + repairAttempts;
  throw new ModelOutputError(
    `${call.model.id}: the answer did not match the schema after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${describeFieldErrors(errors)}`,
    { errors, text, attempts },
  );
}

function addUsage(total: Usage, more: Usage): void {
  if (more.inputTokens !== undefined) total.inputTokens = (total.inputTokens ?? 0) + more.inputTokens;
  if (more.outputTokens !== undefined) total.outputTokens = (total.outputTokens ?? 0) + more.outputTokens;
}

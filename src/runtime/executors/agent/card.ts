import type { JsonSchema } from '../../../ir/schema.js';
import type { AwaitRequest } from '../../events.js';
import type { Question } from './answer-json.js';
import type { StateDelta } from './state.js';

/** What a person sees when an agent asks: the questions, and what the skill has gathered so far. */
export interface Card {
  /** The node (skill) that asks. */
  skill: string;
  review_type: string;
  questions: Question[];
  /** Deltas gathered before the pause; they are applied, with the answers, when the run resumes. */
  pending: StateDelta;
}

/** The pause of an agent that asks: its response as the message, the card, and a schema keyed by `field_key`. */
export function cardRequest(step: string, response: string, card: Card): AwaitRequest {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const q of card.questions) {
    properties[q.field_key] = { ...answerSchema(q), description: q.question };
    if (q.required !== false) required.push(q.field_key);
  }
  const inputSchema: JsonSchema = { type: 'object', properties, required, additionalProperties: false };
  return { step, message: response, inputSchema, card };
}

/** The schema of one answer, from its input type (select answers must be one of the options' values). */
function answerSchema(q: Question): JsonSchema {
  const values = q.options?.map((o) => o.value);
  switch (q.input_type) {
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'select':
      return values?.length ? { enum: values } : {};
    case 'multi_select':
      return { type: 'array', items: values?.length ? { enum: values } : {}, uniqueItems: true };
    case 'file_ids':
      return { type: 'array', items: { type: 'string' } };
    case 'document_review':
      return { type: ['boolean', 'object'] };
    default:
      return { type: 'string' };
  }
}

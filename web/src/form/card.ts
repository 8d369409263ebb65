import type { JsonSchema } from '../api/types';

/** A question of an engine skill's `ask_user` card. */
export interface CardQuestion {
  question: string;
  field_key: string;
  input_type: string;
  required?: boolean;
  options?: { label: string; value: unknown }[];
}

/** An `ask_user` card as a paused engine run carries it. */
export interface Card {
  skill?: string;
  review_type: string;
  questions: CardQuestion[];
}

/** Whether an await carries an engine card. */
export function isCard(card: unknown): card is Card {
  return !!card && typeof card === 'object' && Array.isArray((card as Card).questions);
}

/** The form of a card: each question labelled by its text, asked for by its `input_type`, keyed by `field_key`. */
export function cardSchema(card: Card): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const q of card.questions) {
    properties[q.field_key] = { title: q.question, ...inputSchema(q) };
    if (q.required !== false) required.push(q.field_key);
  }
  return { type: 'object', properties, required };
}

function inputSchema(q: CardQuestion): JsonSchema {
  const options = q.options?.length ? { 'x-options': q.options } : {};
  switch (q.input_type) {
    case 'number':
      return { type: 'number' };
    case 'boolean':
    case 'document_review':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'select':
      return { type: 'string', ...options };
    case 'multi_select':
      return { type: 'array', ...options };
    case 'file_ids':
      return { type: 'array', items: { type: 'string' }, 'x-placeholder': 'file ids, one per line' };
    case 'textarea':
      return { type: 'string', 'x-uiHint': 'textarea' };
    default:
      return { type: 'string' };
  }
}

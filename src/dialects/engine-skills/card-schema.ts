import type { JsonSchema } from '../../ir/schema.js';

/** What `control.action` may say. */
const ACTIONS = ['continue', 'retry', 'ask_user', 'finish'];
/** How a card is shown. */
const REVIEW_TYPES = ['clarify', 'select', 'confirm', 'phase_done'];
/** The inputs a question may ask for (the skill-system doc's five and the e2e scenarios' four more). */
const INPUT_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'multi_select',
  'boolean',
  'file_ids',
  'document_review',
];

/**
 * The schema of `control`. `ask_user` needs a `review_type` and at least one question; a question's
 * `field_key` must be a path the skill may write (`writable`: an exact path or a path under one);
 * select questions need options.
 */
export function controlSchema(writable: readonly string[]): JsonSchema {
  const escaped = writable.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const fieldKey: JsonSchema = {
    type: 'string',
    pattern: escaped.length ? `^(?:${escaped.join('|')})(?:\\.[^.]+)*$` : '^(?!)',
    'x-message': writable.length
      ? `must be a path this skill may write: ${writable.join(', ')}, or a path under one of them (e.g. ${writable[0]}.name)`
      : 'cannot be used: this skill declares nothing it may write (outputs.provides and the data fields of output_schema.json are empty)',
  };
  const question: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['question', 'field_key', 'input_type'],
    properties: {
      question: { type: 'string', minLength: 1 },
      field_key: fieldKey,
      input_type: { enum: INPUT_TYPES },
      required: { type: 'boolean' },
      options: {
        type: 'array',
        items: {
          type: 'object',
          required: ['label', 'value'],
          properties: { label: { type: 'string' }, value: {} },
        },
      },
    },
    if: { properties: { input_type: { enum: ['select', 'multi_select'] } }, required: ['input_type'] },
    then: { required: ['options'], properties: { options: { minItems: 1 } } },
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['action'],
    properties: {
      action: { enum: ACTIONS },
      review_type: { enum: REVIEW_TYPES },
      questions: { type: 'array', items: question },
      retry_prompt: { type: 'string' },
    },
    if: { properties: { action: { const: 'ask_user' } }, required: ['action'] },
    then: { required: ['review_type', 'questions'], properties: { questions: { minItems: 1 } } },
  };
}

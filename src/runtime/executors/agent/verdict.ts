import type { JsonSchema } from '../../../ir/schema.js';
import { describeFieldErrors, validateValue } from '../../../schema/validate.js';
import { RunFailure } from '../../errors.js';
import type { Question } from './answer-json.js';

/** What a validate script answers about an answer that matched the contract. */
export type Verdict =
  | { action: 'continue' }
  | { action: 'retry'; problems: string[]; retryPrompt?: string }
  | { action: 'ask_user'; reviewType?: string; questions?: Question[]; response?: string };

const VERDICT: JsonSchema = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { enum: ['continue', 'retry', 'ask_user'] },
    errors: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    retry_prompt: { type: 'string' },
    review_type: { type: 'string' },
    questions: { type: 'array' },
    response: { type: 'string' },
  },
};

/**
 * Reads a validate script's answer: nothing (None) or `{action: "continue"}` lets the answer through;
 * `{action: "retry", errors, retry_prompt}` sends it back; `{action: "ask_user", review_type, questions,
 * response}` asks the person instead (the questions are checked against the card contract later).
 */
export function readVerdict(value: unknown, node: string): Verdict {
  if (value === null || value === undefined) return { action: 'continue' };
  const checked = validateValue(VERDICT, value);
  if (!checked.ok)
    throw new RunFailure(
      'validate_invalid',
      `the validate script of step "${node}" answered ${JSON.stringify(value)}, which is not a verdict (${describeFieldErrors(checked.errors)}); return None, or {"action": "continue" | "retry" | "ask_user", ...}`,
      node,
    );
  const v = checked.value as {
    action: Verdict['action'];
    errors?: string | string[];
    retry_prompt?: string;
    review_type?: string;
    questions?: Question[];
    response?: string;
  };
  if (v.action === 'retry') {
    const problems = v.errors === undefined ? [] : Array.isArray(v.errors) ? v.errors : [v.errors];
    return {
      action: 'retry',
      problems: problems.length ? problems : ['the validate script rejected the answer'],
      retryPrompt: v.retry_prompt,
    };
  }
  if (v.action === 'ask_user')
    return { action: 'ask_user', reviewType: v.review_type, questions: v.questions, response: v.response };
  return { action: 'continue' };
}

import type { LlmService } from '../runtime/index.js';

/** A grader model's verdict on a response. */
export interface Grade {
  pass: boolean;
  reason: string;
}

/** Asks a real model whether a response meets a rubric (L3: model-graded checks). */
export async function grade(
  llm: LlmService,
  rubric: string,
  response: string,
  signal: AbortSignal,
  model?: string,
): Promise<Grade> {
  const answer = await llm.completeJson({
    model,
    system:
      'You grade the answer of an AI skill against a rubric. Judge only what the rubric asks. Answer pass true only if the answer meets every point of the rubric, and give the reason in one sentence.',
    prompt: `Rubric:\n${rubric}\n\nAnswer to grade:\n${response}`,
    schema: {
      type: 'object',
      required: ['pass', 'reason'],
      additionalProperties: false,
      properties: { pass: { type: 'boolean' }, reason: { type: 'string' } },
    },
    repairAttempts: 1,
    signal,
  });
  return answer.value as Grade;
}

import type { RunEventBody } from '../events.js';
import type { LlmAnswer } from '../ports/llm.js';

/** What a model was sent, kept in the event only when the run records content. */
export interface SentContent {
  system?: string;
  prompt: string;
}

/**
 * The `llm_usage` event of a model call that answered, started at `startedAt` (`performance.now()`):
 * tokens, time and why it stopped, with the prompt and the answer when `sent` is given.
 */
export function llmCallEvent(
  node: string,
  answer: LlmAnswer,
  startedAt: number,
  sent: SentContent | undefined,
): RunEventBody {
  return {
    type: 'llm_usage',
    node,
    model: answer.model,
    ...answer.usage,
    ms: Math.round((performance.now() - startedAt) * 1000) / 1000,
    ...(answer.finishReason ? { finishReason: answer.finishReason } : {}),
    ...(sent ? { ...sent, answer: answer.text } : {}),
  };
}

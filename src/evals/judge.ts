import type { LlmService } from '../runtime/index.js';

/** What a judge was asked and what it answered. */
export interface Verdict {
  /** 0 (misses the rubric entirely) to 1 (meets every point). */
  score: number;
  reason: string;
  /** The `provider:model` that judged. */
  model: string;
  /** The prompt it was sent (system prompt, then the request). */
  prompt: string;
}

/** Grades answers against rubrics with a model (`llm-rubric`). */
export interface Judge {
  grade(request: {
    rubric: string;
    /** What was asked, when the case asks in words. */
    request?: string;
    answer: string;
    expectedOutput?: string;
    /** A model for this rubric, over the judge's. */
    model?: string;
    signal: AbortSignal;
  }): Promise<Verdict>;
}

const SYSTEM =
  'You grade the answer of an AI assistant against a rubric. Judge only what the rubric asks. Give a score from 0 (the answer misses the rubric) to 1 (it meets every point of it), and the reason in one sentence.';

const SCHEMA = {
  type: 'object',
  required: ['score', 'reason'],
  additionalProperties: false,
  properties: { score: { type: 'number', minimum: 0, maximum: 1 }, reason: { type: 'string' } },
};

/** A judge over a model service (the one `--judge` names, else the configured model). */
export function modelJudge(llm: LlmService, model?: string): Judge {
  return {
    async grade(r) {
      const prompt = [
        ...(r.request ? [`Request:\n${r.request}`] : []),
        `Rubric:\n${r.rubric}`,
        ...(r.expectedOutput ? [`What a good answer does:\n${r.expectedOutput}`] : []),
        `Answer to grade:\n${r.answer}`,
      ].join('\n\n');
      const answer = await llm.completeJson({
        model: r.model ?? model,
        system: SYSTEM,
        prompt,
        schema: SCHEMA,
        repairAttempts: 1,
        temperature: 0,
        signal: r.signal,
      });
      const value = answer.value as { score: number; reason: string };
      return {
        score: value.score,
        reason: value.reason,
        model: answer.model,
        prompt: `${SYSTEM}\n\n${prompt}`,
      };
    },
  };
}

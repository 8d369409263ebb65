import type { Skill } from '../ir/skill.js';
import type { LlmService } from '../runtime/index.js';

/** What the model said: a skill id, or null for none, and its reason. */
export interface ModelPick {
  skill: string | null;
  reason: string;
  /** The `provider:model` that answered. */
  model: string;
}

const NONE = 'none';
const SYSTEM =
  'You route a user\'s request to the one skill that should handle it. Choose a listed skill only when it does what the request asks; when none does (the request only shares words with a skill, or asks for something else), answer "none". Say why in one sentence.';

/**
 * The model stage: the model chooses among the lexical candidates, or none, from their summaries
 * (description, tags, aliases, input fields), and gives its reason.
 */
export async function askModel(
  request: string,
  candidates: readonly Skill[],
  o: { llm: LlmService; model?: string; signal?: AbortSignal },
): Promise<ModelPick> {
  const answer = await o.llm.completeJson({
    model: o.model,
    system: SYSTEM,
    prompt: `Skills:\n${candidates.map(summary).join('\n')}\n\nRequest:\n${request}`,
    schema: {
      type: 'object',
      required: ['skill', 'reason'],
      additionalProperties: false,
      properties: {
        skill: { enum: [...candidates.map((s) => s.id), NONE] },
        reason: { type: 'string', minLength: 1 },
      },
    },
    repairAttempts: 1,
    signal: o.signal ?? new AbortController().signal,
  });
  const value = answer.value as { skill: string; reason: string };
  return { skill: value.skill === NONE ? null : value.skill, reason: value.reason, model: answer.model };
}

/** One line per skill: what the model needs to tell them apart. */
function summary(skill: Skill): string {
  const words = [...skill.tags, ...(skill.routing?.aliases ?? [])];
  const inputs = Object.keys(skill.input.properties ?? {});
  return (
    `- ${skill.id}: ${skill.description.replace(/\s+/g, ' ').slice(0, 300)}` +
    (words.length ? ` (also: ${words.join(', ')})` : '') +
    (inputs.length ? ` [input: ${inputs.join(', ')}]` : '')
  );
}

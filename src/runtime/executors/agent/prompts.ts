import type { JsonSchema } from '../../../ir/schema.js';

/** The system prompt of an agent: its own text, then the contract its answer must follow. */
export function withContract(system: string, contract: JsonSchema): string {
  return `${system.trimEnd()}

## Output contract

Answer with one JSON object and nothing else: exactly the keys "response" (text for the user), "profile" (changes to the user's profile), "data" (other changes to the state) and "control" (what happens next: "continue", "retry", "ask_user" with "review_type" and "questions", or "finish"). Its JSON Schema:

${JSON.stringify(contract)}
`;
}

/** The turn that sends a rejected answer back: what is wrong, then the skill's retry prompt. */
export function retryTurn(
  problems: readonly string[],
  retryPrompts: readonly (string | undefined)[],
): string {
  const hints = retryPrompts.filter((p): p is string => Boolean(p?.trim()));
  return [
    'Your answer cannot be used:',
    ...problems.map((p) => `- ${p}`),
    ...hints,
    'Answer again with the whole JSON object (response, profile, data, control).',
  ].join('\n');
}

/** The turn that gives the person's answers back to the model after a pause. */
export function answersTurn(answers: Readonly<Record<string, unknown>>): string {
  return `The user answered your questions (each value is now in the state at its field_key):\n${JSON.stringify(answers, null, 2)}\nContinue with the state as it is now.`;
}

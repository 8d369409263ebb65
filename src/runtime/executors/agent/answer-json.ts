import type { JsonSchema } from '../../../ir/schema.js';
import { validateValue } from '../../../schema/validate.js';

/** An answer read and checked against the contract, or the problems to send back. */
export type CheckedAnswer = { ok: true; value: ContractAnswer } | { ok: false; problems: string[] };

/** The four-part answer of an agent. */
export interface ContractAnswer {
  response: string;
  profile: Record<string, unknown>;
  data: Record<string, unknown>;
  control: Control;
}

/** What the agent asks the run to do next. */
export interface Control {
  action: 'continue' | 'retry' | 'ask_user' | 'finish';
  review_type?: string;
  questions?: Question[];
  retry_prompt?: string;
}

/** One question of an ask_user card. */
export interface Question {
  question: string;
  field_key: string;
  input_type: string;
  required?: boolean;
  options?: { label: string; value: unknown }[];
}

const FENCED = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * Reads an answer: the whole text is one JSON object (or one fenced ```json block) and matches the
 * contract exactly. Nothing is repaired: whatever is wrong goes back to the model.
 */
export function checkAnswer(text: string, contract: JsonSchema): CheckedAnswer {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    const hint = trimmed ? (e as Error).message : 'the answer is empty';
    return {
      ok: false,
      problems: [
        `the answer is not one JSON object (${hint}); answer with the JSON object only, no text around it`,
      ],
    };
  }
  return checkValue(value, contract);
}

/** Checks a value (a script's answer, say) against the contract. */
export function checkValue(value: unknown, contract: JsonSchema): CheckedAnswer {
  const checked = validateValue(contract, value);
  if (!checked.ok) return { ok: false, problems: checked.errors.map((e) => `${e.field}: ${e.message}`) };
  return { ok: true, value: checked.value as ContractAnswer };
}

import { RunFailure } from '../../errors.js';
import { checkValue, type ContractAnswer } from './answer-json.js';
import type { JsonSchema } from '../../../ir/schema.js';
import { isRecord, type State } from './state.js';

/** What a preprocess script changed: the state, the user's turn, or an answer that replaces the model's. */
export interface Preprocessed {
  state: State;
  message: string;
  answer?: ContractAnswer;
}

/**
 * Reads a preprocess script's result: None keeps everything; a dict may carry `state` (the state to use),
 * `message` (the user's turn to use) and `output` (a four-part answer, checked by the contract, given
 * instead of asking the model).
 */
export function readPreprocessed(
  value: unknown,
  before: Preprocessed,
  contract: JsonSchema,
  node: string,
): Preprocessed {
  if (value === null || value === undefined) return before;
  const bad = (why: string) =>
    new RunFailure(
      'preprocess_invalid',
      `the preprocess script of step "${node}" ${why}; return None, or a dict with "state", "message" and/or "output"`,
      node,
    );
  if (!isRecord(value)) throw bad(`answered ${JSON.stringify(value)}`);
  const out: Preprocessed = { ...before };
  if (value.state !== undefined) {
    if (!isRecord(value.state)) throw bad('answered a "state" that is not an object');
    out.state = value.state;
  }
  if (value.message !== undefined) {
    if (typeof value.message !== 'string') throw bad('answered a "message" that is not text');
    out.message = value.message;
  }
  if (value.output !== undefined) {
    const checked = checkValue(value.output, contract);
    if (!checked.ok)
      throw bad(`answered an "output" that breaks the contract (${checked.problems.join('; ')})`);
    out.answer = checked.value;
  }
  return out;
}

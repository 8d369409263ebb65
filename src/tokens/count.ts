import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

// o200k_base is the encoding of OpenAI's current models (GPT-4o and later). Other providers count a
// little differently, but budgets only need a close, stable figure from a real tokenizer.
// Special-token text such as `<|endoftext|>` inside a document counts as plain text.
const PLAIN = { disallowedSpecial: new Set<string>() };

/** The token ids of a text (o200k_base). */
export function tokenize(text: string): number[] {
  return encode(text, PLAIN);
}

/** The text of a run of token ids. */
export function detokenize(tokens: readonly number[]): string {
  return decode(tokens);
}

/** How many tokens a text takes (o200k_base). */
export function count(text: string): number {
  return text ? tokenize(text).length : 0;
}

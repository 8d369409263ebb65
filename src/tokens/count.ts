import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

// o200k_base is the encoding of OpenAI's current models (GPT-4o and later). Other providers count a
// little differently, but budgets only need a close, stable figure from a real tokenizer.
// Special-token text such as `<|endoftext|>` inside a document counts as plain text.
const PLAIN = { disallowedSpecial: new Set<string>() };

/**
 * The longest run of white space, or of anything else, encoded in one piece: byte-pair merging takes
 * time quadratic in a run's length, so a 200 KB "word" (or 500 KB of spaces) would take minutes. Longer
 * runs are cut, which changes the count by about one token per cut.
 */
const MAX_RUN = 256;

/** The token ids of a text (o200k_base). */
export function tokenize(text: string): number[] {
  const cuts = longRunCuts(text);
  if (!cuts.length) return encode(text, PLAIN);
  const out: number[] = [];
  let from = 0;
  for (const at of [...cuts, text.length]) {
    for (const t of encode(text.slice(from, at), PLAIN)) out.push(t);
    from = at;
  }
  return out;
}

/** Offsets that cut every run of white space, and every run without it, into pieces of at most MAX_RUN. */
function longRunCuts(text: string): number[] {
  const cuts: number[] = [];
  let run = 0;
  let white = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isWhite = c === 32 || c === 10 || c === 9 || c === 13;
    if (isWhite !== white) {
      white = isWhite;
      run = 1;
    } else if (++run > MAX_RUN) {
      cuts.push(i);
      run = 1;
    }
  }
  return cuts;
}

/** The text of a run of token ids. */
export function detokenize(tokens: readonly number[]): string {
  return decode(tokens);
}

/** How many tokens a text takes (o200k_base). */
export function count(text: string): number {
  return text ? tokenize(text).length : 0;
}

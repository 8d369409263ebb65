/**
 * Token boundaries estimated from the text alone, for an install without gpt-tokenizer. The text is
 * split as o200k_base pre-splits it (a word with the character before it, up to three digits, a run of
 * punctuation with the line breaks after it, white space); each piece then counts as the tokens its
 * length usually takes: Latin words about one per WORD characters, Han, kana and Hangul about one per
 * CJK characters. Chosen on the bundled examples; `bench/tokens-estimate.ts` reports the error on the
 * corpus, which it was not chosen on.
 */
const PIECE =
  /[^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** Characters per token of a Latin word, with its leading space. */
const WORD = 7;
/** Characters per token of Han, kana or Hangul text. */
const CJK_CHARS = 1.3;
/** Characters per token of a run of punctuation. */
const PUNCT = 3;

/** The end offset of each estimated token of a text, in order. */
export function estimatedEnds(text: string): number[] {
  const ends: number[] = [];
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(text); m; m = PIECE.exec(text)) {
    const piece = m[0];
    const n = tokensOf(piece);
    for (let i = 1; i <= n; i++) ends.push(m.index + Math.round((piece.length * i) / n));
  }
  return ends;
}

function tokensOf(piece: string): number {
  const code = piece.charCodeAt(piece.length - 1);
  if (code <= 32) return 1;
  const cjk = piece.match(CJK)?.length ?? 0;
  if (cjk) return Math.max(1, Math.round(cjk / CJK_CHARS + (piece.length - cjk) / WORD));
  if (/[\p{L}]/u.test(piece)) return Math.max(1, Math.ceil(piece.length / WORD));
  if (/\p{N}/u.test(piece)) return 1;
  return Math.max(1, Math.ceil(piece.trim().length / PUNCT));
}

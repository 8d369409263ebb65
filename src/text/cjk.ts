// Chinese, Japanese and Korean text has no spaces between words. Search here (memory, routing) indexes
// each run of such characters as its overlapping character pairs, so that a word of two or more
// characters is found inside a longer run (`报表` inside `财务报表`) without a dictionary.

const CJK_CHARS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_RUN = new RegExp(`[${CJK_CHARS}]+`, 'gu');
const PIECE = new RegExp(`[${CJK_CHARS}]+|[[\\p{L}\\p{N}_]--[${CJK_CHARS}]]+`, 'gv');
const CJK_START = new RegExp(`^[${CJK_CHARS}]`, 'u');

/** The pieces of `text`: runs of CJK characters and words of other letters, digits and `_`, in order. */
export function textPieces(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/** Whether a piece of `textPieces` is a CJK run. */
export function isCjkRun(piece: string): boolean {
  return CJK_START.test(piece);
}

/** Replaces each CJK run of `text` by what `replace` makes of it (other text stays as it is). */
export function replaceCjkRuns(text: string, replace: (run: string) => string): string {
  return text.replace(CJK_RUN, replace);
}

/** The overlapping character pairs of a CJK run (`财务报表` → `财务 务报 报表`); a run of one character is itself. */
export function cjkPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) pairs.push(chars[i] + chars[i + 1]);
  return pairs;
}

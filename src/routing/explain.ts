import type { FieldName } from './fields.js';
import type { LexicalMatch } from './lexical-index.js';
import type { Term } from './terms.js';

/** A word of the request a skill matched, with the fields it matched in. */
export interface MatchedWord {
  word: string;
  fields: FieldName[];
}

/**
 * The request words a skill matched: English words as written, Chinese words whole as the segmenter cut
 * them (a word once, however many of its pairs matched), and without a segmenter neighbouring pairs
 * joined back into the text they cover (`销售 售报 报表` → `销售报表`).
 */
export function matchedWords(match: LexicalMatch): MatchedWord[] {
  const words: (MatchedWord & { run?: Term['run'] })[] = [];
  const byRun = [...match.matched].sort((a, b) => (a.term.run?.at ?? 0) - (b.term.run?.at ?? 0));
  for (const { term, fields } of byRun) {
    const last = words[words.length - 1];
    const run = term.run;
    if (run && last?.run?.text === run.text && last.run.at + [...last.word].length - 1 === run.at) {
      last.word += [...term.word].slice(1).join('');
      last.fields = [...new Set([...last.fields, ...fields])];
      continue;
    }
    const same = run ? undefined : words.find((w) => w.word === term.word);
    if (same) {
      same.fields = [...new Set([...same.fields, ...fields])];
      continue;
    }
    words.push({ word: term.word, fields: [...fields], run });
  }
  return words.map(({ word, fields }) => ({ word, fields }));
}

/** `销售报表 (tags, description), region (inputs)`. */
export function describeWords(words: readonly MatchedWord[]): string {
  return words.map((w) => `${w.word} (${w.fields.join(', ')})`).join(', ');
}

/** Why a candidate ranks where it does: what it matched, its score, and against what it lost. */
export function candidateWhy(
  id: string,
  words: readonly MatchedWord[],
  score: number,
  threshold: number,
  best?: { id: string; words: readonly MatchedWord[]; score: number },
): string {
  const parts = [`matched ${describeWords(words)}; score ${round(score)}`];
  if (score < threshold) parts.push(`below the threshold ${round(threshold)}`);
  if (best && best.id !== id) parts.push(lostTo(words, best));
  return parts.join('; ');
}

/** How a runner-up lost to the best candidate: words only the best one matches, or the same words in stronger fields. */
function lostTo(
  words: readonly MatchedWord[],
  best: { id: string; words: readonly MatchedWord[]; score: number },
): string {
  const own = new Set(words.map((w) => w.word));
  const lacks = best.words.filter((w) => !own.has(w.word)).map((w) => w.word);
  return lacks.length
    ? `lost to ${best.id} (${round(best.score)}), which also matches ${lacks.join(', ')}`
    : `lost to ${best.id} (${round(best.score)}), which matches the same words in more or stronger fields`;
}

/** A score as shown: three decimals. */
export function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

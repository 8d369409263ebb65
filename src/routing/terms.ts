import { stemmer } from 'stemmer';
import { eng, zho } from 'stopword';
import { cjkPairs, isCjkRun, textPieces } from '../text/cjk.js';
import type { Segmenter } from './segmenter.js';

/** One term of a text, with the words it came from (for explanations). */
export interface Term {
  /** What is indexed and looked up: a stemmed word, or a CJK character pair. */
  key: string;
  /** The word as written (for a CJK pair: the segmented word it lies in, or the pair itself). */
  word: string;
  /** For CJK pairs without a segmenter: the run they come from and their place in it, so neighbours can be joined again. */
  run?: { text: string; at: number };
  /** For CJK terms: true (they count less when no skill knows them). */
  cjk?: boolean;
}

// Words a request is phrased with rather than what it asks for; added to the stopword package's lists.
const ENGLISH_FILLERS = (
  'please help want need let lets give show tell using use via something thing things someone anything ' +
  'kind sort quick quickly just also ok okay hey hi thanks thank today now new one two few lot lots bit ' +
  'able possible certain really should shall will may etc ie whether every each given based us im its ' +
  'dont don ll ve re mine yours am pm'
).split(' ');
const CHINESE_FILLERS = (
  '帮我 请帮 帮忙 我想 想要 需要 一下 可以 能不 不能 能否 麻烦 如何 怎么 怎样 什么 这个 那个 一个 一些 ' +
  '这些 那些 我们 你们 他们 给我 告诉 请问 谢谢 现在 今天 有没 没有 一份 看看'
).split(' ');
const STOP_WORDS = new Set([...eng, ...ENGLISH_FILLERS]);
const STOP_CHARS = new Set(zho.filter((w) => [...w].length === 1));
const STOP_PAIRS = new Set([...CHINESE_FILLERS, ...zho.filter((w) => [...w].length === 2)]);
/** Each word seen, lower-cased, to its key (null: a stopword); words repeat across skills and requests. */
const keys = new Map<string, string | null>();
const MAX_CACHED = 50_000;

/**
 * The terms of a text for routing: English words lower-cased, spelled one way (`summarise` →
 * `summarize`), stemmed (`reports` → `report`); Chinese (Japanese, Korean) runs as overlapping character
 * pairs, as the memory search does (`销售报表` → `销售 售报 报表`), or, with a segmenter, as its words of
 * two characters or more, each with the pairs inside it (`总结一下这份合同` → `总结`, `合同`: no pair
 * across two words such as `结一`). Stopwords, request phrasing (`please`, `帮我`), single letters and bare
 * numbers are left out. Words split at `_` (and `-`).
 */
export function textTerms(text: string, segmenter?: Segmenter): Term[] {
  const terms: Term[] = [];
  visitTerms(text, segmenter, (key, word, run, at) =>
    terms.push(
      run === undefined
        ? isCjkRun(key)
          ? { key, word, cjk: true }
          : { key, word }
        : { key, word, run: { text: run, at: at! }, cjk: true },
    ),
  );
  return terms;
}

/** The keys of `textTerms(text)` alone, for indexing (no objects made per term). */
export function termKeys(text: string, segmenter?: Segmenter): string[] {
  const keys: string[] = [];
  visitTerms(text, segmenter, (key) => keys.push(key));
  return keys;
}

function visitTerms(
  text: string,
  segmenter: Segmenter | undefined,
  visit: (key: string, word: string, run?: string, at?: number) => void,
): void {
  for (const piece of textPieces(text)) {
    if (isCjkRun(piece)) {
      if (segmenter) visitWords(segmenter.words(piece), visit);
      else
        cjkPairs(piece).forEach((pair, at) => {
          if (!stopPair(pair)) visit(pair, pair, piece, at);
        });
      continue;
    }
    for (const part of piece.includes('_') ? piece.split('_') : [piece]) {
      const word = part.toLowerCase();
      let key = keys.get(word);
      if (key === undefined) {
        key = word.length < 2 || /^\d+$/.test(word) || STOP_WORDS.has(word) ? null : stem(word);
        if (keys.size >= MAX_CACHED) keys.clear();
        keys.set(word, key);
      }
      if (key !== null) visit(key, word);
    }
  }
}

/**
 * Segmented CJK words: each word of three characters or more, and the pairs inside each word. Single
 * characters next to each other (what the segmenter could not place, `个人所得税` cut by a small
 * dictionary) give their pairs, as without a segmenter, so a request's unknown words still weigh.
 */
function visitWords(words: readonly string[], visit: (key: string, word: string) => void): void {
  let singles = '';
  const visitWord = (word: string, whole: boolean) => {
    if ([...word].length < 2) return;
    const pairs = cjkPairs(word);
    if (pairs.length > 1 && whole) visit(word, word);
    for (const pair of pairs) if (!stopPair(pair)) visit(pair, whole ? word : pair);
  };
  for (const word of words) {
    if ([...word].length === 1) {
      singles += word;
      continue;
    }
    visitWord(singles, false);
    singles = '';
    visitWord(word, true);
  }
  visitWord(singles, false);
}

/** A CJK pair that carries no meaning of its own: request phrasing, or two function characters. */
function stopPair(pair: string): boolean {
  const chars = [...pair];
  if (chars.length === 1) return STOP_CHARS.has(pair);
  return STOP_PAIRS.has(pair) || (STOP_CHARS.has(chars[0]) && STOP_CHARS.has(chars[1]));
}

/**
 * One stem for the forms of a word: British `-ise`/`-yse` spellings as American, `-ysis` as `-yze`, then
 * Porter's stemmer, then a final `i` dropped so that `summary`/`summarize` and `delivery`/`deliver` meet.
 */
function stem(word: string): string {
  let w = word;
  if (w.length >= 7)
    w = w.replace(/ysis$/, 'yze').replace(/([iy])s(e|ed|es|ing|ation|ations|er|ers)$/, '$1z$2');
  const s = stemmer(w);
  return s.length > 4 && s.endsWith('i') ? s.slice(0, -1) : s;
}

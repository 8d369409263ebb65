import { cjkPairs, isCjkRun, replaceCjkRuns, textPieces } from '../text/cjk.js';

/**
 * The text FTS5 indexes for `text`: each run of Chinese (or Japanese, Korean) characters becomes its
 * overlapping pairs plus its last character (`财务报表` → `财务 务报 报表 表`), so any word of two or more
 * characters inside a longer run is a phrase of consecutive pairs, and one character is a prefix of a pair
 * or the final single. Other text stays as it is for the unicode61 tokenizer.
 */
export function indexTerms(text: string): string {
  return replaceCjkRuns(text, (run) => ` ${cjkPieces(run).join(' ')} `);
}

function cjkPieces(run: string): string[] {
  const chars = [...run];
  return chars.length < 2 ? chars : [...cjkPairs(run), chars[chars.length - 1]];
}

/**
 * An FTS5 query for a natural-language search: the words of `query` joined by OR (bm25 ranks entries
 * that match more of them higher). A Chinese word is the phrase of its pairs; one character, and any
 * other word, matches as a prefix. `loose` splits Chinese words into separate pairs, for a second try
 * when the phrases find nothing. Empty when the query has no words.
 */
export function matchQuery(query: string, loose = false): string {
  const terms: string[] = [];
  for (const piece of textPieces(query)) {
    if (!isCjkRun(piece) || [...piece].length === 1) terms.push(`${quote(piece)}*`);
    else {
      const pairs = cjkPairs(piece);
      if (loose) terms.push(...pairs.map(quote));
      else terms.push(quote(pairs.join(' ')));
    }
  }
  return [...new Set(terms)].join(' OR ');
}

/** The query's words, for finding where a snippet should start. */
export function queryWords(query: string): string[] {
  return textPieces(query).map((w) => w.toLowerCase());
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

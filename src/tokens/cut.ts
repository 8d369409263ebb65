import { tokenize, type Tokens } from './count.js';

/** A text cut to a token budget. */
export interface Cut {
  text: string;
  /** Tokens of `text`. */
  tokens: number;
  /** Whether anything was left out. */
  truncated: boolean;
}

/** A cut may give back up to this share of the budget to end at a paragraph or line break. */
const BREAK_SLACK = 0.2;

/**
 * The longest start of `text` that fits in `budget` tokens, ended at a paragraph or line break when
 * one falls in the last fifth of what fits (so a cut rarely splits a sentence or a table row).
 */
export function cut(text: string, budget: number): Cut {
  const all = tokenize(text);
  if (all.length <= budget) return { text, tokens: all.length, truncated: false };
  for (let take = budget; take > 0; take--) {
    const kept = fitting(all, take);
    const tokens = tokenize(kept).length;
    // Re-encoding a decoded prefix almost always gives the same tokens; when not, take one fewer.
    if (tokens <= budget) return { text: kept, tokens, truncated: true };
  }
  return { text: '', tokens: 0, truncated: true };
}

/** The text of the first `take` tokens, ended at a break when one is near the end. */
function fitting(all: Tokens, take: number): string {
  // A token boundary can split a multi-byte character; drop the half character.
  const kept = all.prefix(take).replace(/\uFFFD+$/, '');
  const floor = Math.floor(kept.length * (1 - BREAK_SLACK));
  const paragraph = kept.lastIndexOf('\n\n');
  const line = kept.lastIndexOf('\n');
  const end = paragraph >= floor ? paragraph : line >= floor ? line : kept.length;
  return kept.slice(0, end).trimEnd();
}

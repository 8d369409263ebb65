// Chinese words for routing, cut by jieba (`@node-rs/jieba`, its dictionary shipped in the package).
// Skills are cut with the full dictionary when an index is built; requests with a dictionary of the
// index's own words, which loads in well under a millisecond where the full one takes ~0.4 s, so a
// persisted index routes a Chinese request without the full dictionary. Where the package's native
// module is not built for the platform, both fall back to character pairs.
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

/** Cuts a run of CJK characters into words. */
export interface Segmenter {
  words(run: string): string[];
}

const require = createRequire(import.meta.url);
let full: Segmenter | null | undefined;

/** jieba's class, or null where its native module is not built for the platform. */
function jiebaClass(): typeof Jieba | null {
  try {
    return (require('@node-rs/jieba') as typeof import('@node-rs/jieba')).Jieba;
  } catch {
    return null;
  }
}

/**
 * The segmenter of jieba's full dictionary (loaded once, on first use); undefined where jieba cannot
 * load, and then Chinese is read as character pairs.
 */
export function dictionarySegmenter(): Segmenter | undefined {
  if (full === undefined) {
    const JiebaClass = jiebaClass();
    const { dict } = JiebaClass ? (require('@node-rs/jieba/dict') as { dict: Uint8Array }) : { dict: null };
    const jieba = JiebaClass && dict ? JiebaClass.withDict(dict) : null;
    full = jieba ? { words: (run) => jieba.cut(run, true) } : null;
  }
  return full ?? undefined;
}

/**
 * A segmenter that knows only `words` (an index's vocabulary), each as likely as the others, and
 * jieba's model of unknown words (HMM) for the rest: what a request needs to meet an index's words.
 */
export function vocabularySegmenter(words: Iterable<string>): Segmenter {
  let jieba: Jieba | null | undefined;
  const lines = [...words].map((w) => `${w} 1000 n`).join('\n');
  return {
    words(run) {
      if (jieba === undefined) jieba = jiebaClass()?.withDict(Buffer.from(lines || '的 1000 u')) ?? null;
      // Without jieba, single characters: their pairs are the terms, as in an index built without it.
      return jieba ? jieba.cut(run, true) : [...run];
    },
  };
}

// Chinese words for routing, cut by jieba (`@node-rs/jieba`, its dictionary shipped in the package).
// Skills are cut with the full dictionary when an index is built; requests with a dictionary of the
// index's own words, which loads in well under a millisecond where the full one takes ~0.4 s, so a
// persisted index routes a Chinese request without the full dictionary.
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

/** Cuts a run of CJK characters into words. */
export interface Segmenter {
  words(run: string): string[];
}

const require = createRequire(import.meta.url);
let full: Segmenter | undefined;

/** The segmenter of jieba's full dictionary (loaded once, on first use). */
export function dictionarySegmenter(): Segmenter {
  if (!full) {
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    const jieba = JiebaClass.withDict(dict);
    full = { words: (run) => jieba.cut(run, true) };
  }
  return full;
}

/**
 * A segmenter that knows only `words` (an index's vocabulary), each as likely as the others, and
 * jieba's model of unknown words (HMM) for the rest: what a request needs to meet an index's words.
 */
export function vocabularySegmenter(words: Iterable<string>): Segmenter {
  let jieba: Jieba | undefined;
  const lines = [...words].map((w) => `${w} 1000 n`).join('\n');
  return {
    words(run) {
      if (!jieba) {
        const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
        jieba = JiebaClass.withDict(Buffer.from(lines || '的 1000 u'));
      }
      return jieba.cut(run, true);
    },
  };
}

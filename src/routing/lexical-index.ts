import type { Skill } from '../ir/skill.js';
import { FIELD_NAMES, FIELDS, skillFields, type FieldName } from './fields.js';
import { isCjkRun } from '../text/cjk.js';
import { dictionarySegmenter, vocabularySegmenter, type Segmenter } from './segmenter.js';
import { termKeys, textTerms, type Term } from './terms.js';

/** Where a term occurs in one skill: its BM25F weighted frequency and the fields it is in (a bit each). */
interface Posting {
  doc: number;
  weight: number;
  fields: number;
}

/** A skill's match with a request: its share of the request's weight, and which terms matched where. */
export interface LexicalMatch {
  doc: number;
  /** 0 to 1: the matched terms' weight over the whole request's weight. */
  score: number;
  /** Each matched term with the fields it occurs in. */
  matched: { term: Term; fields: FieldName[] }[];
}

/** How the lexical stage reads skills and requests; chosen by held-out measurement (docs/routing.md). */
export interface LexicalSettings {
  /** Each field's weight (BM25F). */
  weights: Readonly<Record<FieldName, number>>;
  /** Chinese cut into words by jieba (and the pairs inside each word), not into every overlapping pair. */
  words: boolean;
  /** What a request word no skill has weighs, as a share of the rarest known word's idf. */
  unknown: number;
}

/** An index as plain data, to persist and load again without reading the skills' files. */
export interface LexicalState {
  postings: [key: string, docs: number[], weights: number[], fields: number[]][];
  /** The CJK words of the skills (for cutting requests). */
  vocabulary: string[];
}

/** BM25 saturation: how quickly more occurrences stop adding. */
const K1 = 1.2;
/**
 * A CJK term unknown to every skill counts this share of an unknown word (a pair across two words,
 * `份借` in `这份借条`, is not a word of the request).
 */
const UNKNOWN_CJK = 0.5;
/** A word found only as the start or the end of a skill's word (`complain`, `complaint`) counts this much. */
const PREFIX = 0.8;
/** The shortest stem matched by its start or end. */
const MIN_PREFIX = 5;

/**
 * An inverted index over skills' fields with BM25F weights. A request's score for a skill is the sum of
 * `idf × saturation` over the terms they share, divided by the request's total idf, so it lies between 0
 * and 1 whatever the number of skills or the length of the request: that is what lets one rule decide
 * whether anything fits.
 */
export class LexicalIndex {
  private readonly postings = new Map<string, Posting[]>();
  /** The stems of English (and other spaced) words, sorted, for matching by their start. */
  private readonly stems: string[];
  /** The CJK words of the skills, and the segmenter that cuts requests into them. */
  private readonly vocabulary: string[];
  private readonly segmenter?: Segmenter;

  constructor(
    readonly skills: readonly Skill[],
    readonly settings: LexicalSettings,
    state?: LexicalState,
  ) {
    if (state) {
      for (const [key, docs, weights, fields] of state.postings)
        this.postings.set(
          key,
          docs.map((doc, i) => ({ doc, weight: weights[i], fields: fields[i] })),
        );
      this.vocabulary = state.vocabulary;
    } else this.vocabulary = this.build();
    this.stems = [...this.postings.keys()].filter((k) => !isCjkRun(k)).sort();
    if (settings.words) this.segmenter = vocabularySegmenter(this.vocabulary);
  }

  /** Indexes the skills' fields; returns the CJK words met. */
  private build(): string[] {
    const vocabulary = new Set<string>();
    const dictionary = this.settings.words ? dictionarySegmenter() : undefined;
    const segmenter = dictionary && collecting(dictionary, vocabulary);
    const fields = this.skills.map((s) => {
      const text = skillFields(s);
      return FIELD_NAMES.map((f) => termKeys(text[f], segmenter));
    });
    const average = FIELD_NAMES.map(
      (_, f) => fields.reduce((n, doc) => n + doc[f].length, 0) / Math.max(1, this.skills.length),
    );
    fields.forEach((doc, i) => {
      const counts = new Map<string, { weight: number; fields: number }>();
      FIELD_NAMES.forEach((name, f) => {
        const weight = this.settings.weights[name];
        const { b } = FIELDS[name];
        const norm = average[f] ? 1 - b + (b * doc[f].length) / average[f] : 1;
        for (const key of doc[f]) {
          const entry = counts.get(key) ?? { weight: 0, fields: 0 };
          entry.weight += weight / norm;
          entry.fields |= 1 << f;
          counts.set(key, entry);
        }
      });
      for (const [key, entry] of counts) {
        if (!entry.weight) continue;
        let list = this.postings.get(key);
        if (!list) this.postings.set(key, (list = []));
        list.push({ doc: i, ...entry });
      }
    });
    return [...vocabulary].sort();
  }

  /** The index as plain data (see LexicalState). */
  state(): LexicalState {
    return {
      postings: [...this.postings].map(([key, list]) => [
        key,
        list.map((p) => p.doc),
        list.map((p) => p.weight),
        list.map((p) => p.fields),
      ]),
      vocabulary: this.vocabulary,
    };
  }

  /** The terms of a request, its Chinese cut into the index's words. */
  requestTerms(request: string): Term[] {
    return textTerms(request, this.segmenter);
  }

  /** How telling a term is: rare terms more than common ones (BM25's idf, always above 0). */
  idf(key: string): number {
    const df = this.postings.get(key)?.length ?? 0;
    return Math.log(1 + (this.skills.length - df + 0.5) / (df + 0.5));
  }

  /**
   * The `limit` skills sharing most with the request, best first, among those `accept` lets through
   * (all by default). Scores are summed per skill in one array; only the best few are explained.
   */
  match(
    request: readonly Term[],
    limit: number,
    accept: (doc: number) => boolean = () => true,
  ): LexicalMatch[] {
    const terms = [...new Map(request.map((t) => [t.key, t])).values()];
    const rare = this.settings.unknown * Math.log(1 + (this.skills.length - 0.5) / 1.5);
    let total = 0;
    const found: { term: Term; list: Posting[]; factor: number; idf: number }[] = [];
    const scores = new Float64Array(this.skills.length);
    const touched: number[] = [];
    for (const term of terms) {
      const key = this.postings.has(term.key) ? term.key : term.cjk ? undefined : this.nearStem(term.key);
      if (!key) {
        total += rare * (term.cjk ? UNKNOWN_CJK : 1);
        continue;
      }
      const idf = this.idf(key);
      const factor = key === term.key ? 1 : PREFIX;
      const list = this.postings.get(key)!;
      total += idf;
      found.push({ term, list, factor, idf });
      for (const p of list) {
        if (scores[p.doc] === 0) touched.push(p.doc);
        scores[p.doc] += (factor * idf * p.weight) / (K1 + p.weight);
      }
    }
    const best: number[] = [];
    for (const doc of touched) {
      if (best.length === limit && !before(doc, best[best.length - 1], scores)) continue;
      if (!accept(doc)) continue;
      let i = best.length;
      while (i > 0 && before(doc, best[i - 1], scores)) i--;
      best.splice(i, 0, doc);
      if (best.length > limit) best.pop();
    }
    return best.map((doc) => ({
      doc,
      score: scores[doc] / total,
      matched: found.flatMap(({ term, list }) => {
        const p = postingOf(list, doc);
        return p ? [{ term, fields: FIELD_NAMES.filter((_, f) => p.fields & (1 << f)) }] : [];
      }),
    }));
  }

  /**
   * The indexed stem closest to an unknown one that it starts, or that starts it (`complain` →
   * `complaint`), both at least MIN_PREFIX long; undefined when there is none.
   */
  private nearStem(stem: string): string | undefined {
    if (stem.length < MIN_PREFIX) return undefined;
    let best: string | undefined;
    const closer = (k: string) =>
      !best || Math.abs(k.length - stem.length) < Math.abs(best.length - stem.length);
    for (let n = stem.length - 1; n >= MIN_PREFIX; n--)
      if (this.postings.has(stem.slice(0, n))) {
        best = stem.slice(0, n);
        break;
      }
    let lo = 0;
    let hi = this.stems.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.stems[mid] < stem) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.stems.length && this.stems[i].startsWith(stem); i++)
      if (closer(this.stems[i])) best = this.stems[i];
    return best;
  }
}

/** Whether `a` ranks before `b`: a higher score, or the same score and an earlier skill. */
function before(a: number, b: number, scores: Float64Array): boolean {
  return scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
}

/** The posting of a skill in a list sorted by skill. */
function postingOf(list: readonly Posting[], doc: number): Posting | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].doc < doc) lo = mid + 1;
    else hi = mid;
  }
  return list[lo]?.doc === doc ? list[lo] : undefined;
}

/** A segmenter that also collects the words of two characters or more it cuts. */
function collecting(segmenter: Segmenter, into: Set<string>): Segmenter {
  return {
    words(run) {
      const words = segmenter.words(run);
      for (const w of words) if ([...w].length > 1) into.add(w);
      return words;
    },
  };
}

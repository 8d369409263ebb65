import type { Skill, CheckFacts } from '../ir/skill.js';
import { textTerms } from './terms.js';

/** Two skills whose routing texts are so alike that requests cannot tell them apart. */
export interface Overlap<S extends CheckFacts = Skill> {
  a: S;
  b: S;
  /** Cosine similarity of their tf-idf vectors, 0 to 1. */
  similarity: number;
  /** The words they share, most telling first. */
  shared: string[];
}

/** The similarity from which two skills are reported. */
export const OVERLAP_THRESHOLD = 0.6;

/**
 * Pairs of skills (different ids) whose description, tags and aliases overlap at least `threshold`
 * (cosine similarity of tf-idf vectors): a request that fits one fits the other as well.
 */
export function findOverlaps<S extends CheckFacts>(
  skills: readonly S[],
  threshold = OVERLAP_THRESHOLD,
): Overlap<S>[] {
  const n = skills.length;
  // Terms as numbers; each skill a list of (term, weight), each term the skills that hold it, in order.
  const termOf = new Map<string, number>();
  const holders: number[][] = [];
  const vectors = skills.map((s, i) => {
    const weights = new Map<number, { weight: number; word: string }>();
    for (const t of textTerms([s.description, ...s.tags, ...(s.routing?.aliases ?? [])].join('\n'))) {
      let term = termOf.get(t.key);
      if (term === undefined) {
        termOf.set(t.key, (term = holders.length));
        holders.push([]);
      }
      const e = weights.get(term);
      if (e) e.weight++;
      else {
        weights.set(term, { weight: 1, word: t.word });
        holders[term].push(i);
      }
    }
    return weights;
  });
  const idf = holders.map((list) => Math.log(1 + n / list.length));
  const norms = vectors.map((v) => {
    let sum = 0;
    for (const [term, e] of v) sum += (e.weight * idf[term]) ** 2;
    return Math.sqrt(sum);
  });
  // Dot products of skill i with every later skill, accumulated term by term in one dense row.
  const row = new Float64Array(n);
  const touched: number[] = [];
  const overlaps: Overlap<S>[] = [];
  for (let i = 0; i < n; i++) {
    for (const [term, e] of vectors[i]) {
      const list = holders[term];
      const weight = e.weight * idf[term] ** 2;
      for (let x = list.length - 1; x >= 0 && list[x] > i; x--) {
        const j = list[x];
        if (row[j] === 0) touched.push(j);
        row[j] += weight * vectors[j].get(term)!.weight;
      }
    }
    for (const j of touched) {
      const similarity = row[j] / (norms[i] * norms[j] || 1);
      row[j] = 0;
      if (similarity < threshold || skills[i].id === skills[j].id) continue;
      const shared = [...vectors[i]]
        .filter(([term]) => vectors[j].has(term))
        .sort(([a], [b]) => idf[b] - idf[a])
        .map(([, e]) => e.word);
      overlaps.push({ a: skills[i], b: skills[j], similarity, shared });
    }
    touched.length = 0;
  }
  return overlaps.sort((x, y) => y.similarity - x.similarity);
}

import type { Skill } from '../ir/skill.js';
import { textTerms } from './terms.js';

/** Two skills whose routing texts are so alike that requests cannot tell them apart. */
export interface Overlap {
  a: Skill;
  b: Skill;
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
export function findOverlaps(skills: readonly Skill[], threshold = OVERLAP_THRESHOLD): Overlap[] {
  const vectors = skills.map((s) => {
    const v = new Map<string, { weight: number; word: string }>();
    for (const t of textTerms([s.description, ...s.tags, ...(s.routing?.aliases ?? [])].join('\n'))) {
      const e = v.get(t.key);
      if (e) e.weight++;
      else v.set(t.key, { weight: 1, word: t.word });
    }
    return v;
  });
  const holders = new Map<string, number[]>();
  vectors.forEach((v, i) => v.forEach((_, k) => holders.set(k, [...(holders.get(k) ?? []), i])));
  const idf = (k: string) => Math.log(1 + skills.length / holders.get(k)!.length);
  const norms = vectors.map((v) => Math.sqrt([...v].reduce((n, [k, e]) => n + (e.weight * idf(k)) ** 2, 0)));
  const dots = new Map<number, number>();
  for (const [k, list] of holders)
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const [i, j] = [list[x], list[y]];
        const pair = i * skills.length + j;
        dots.set(
          pair,
          (dots.get(pair) ?? 0) + vectors[i].get(k)!.weight * vectors[j].get(k)!.weight * idf(k) ** 2,
        );
      }
  const overlaps: Overlap[] = [];
  for (const [pair, dot] of dots) {
    const i = Math.floor(pair / skills.length);
    const j = pair % skills.length;
    const similarity = dot / (norms[i] * norms[j] || 1);
    if (similarity < threshold || skills[i].id === skills[j].id) continue;
    const shared = [...vectors[i]]
      .filter(([k]) => vectors[j].has(k))
      .sort(([a], [b]) => idf(b) - idf(a))
      .map(([, e]) => e.word);
    overlaps.push({ a: skills[i], b: skills[j], similarity, shared });
  }
  return overlaps.sort((x, y) => y.similarity - x.similarity);
}

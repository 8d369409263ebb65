import { mutate, type Case } from './mutations.js';
import type { Seed } from './seeds.js';

/** The input a case describes: which seed, which of its files, and that file's mutated bytes. */
export interface Input {
  index: number;
  target: string;
  bytes: Buffer;
}

/** Applies a case to the seeds. */
export function inputOf(seeds: readonly Seed[], c: Case): Input {
  const seed = seeds[c.seed];
  const target = seed.targets[c.target % seed.targets.length];
  return { index: c.seed, target, bytes: mutate(seed.files.get(target)!, c.mutations) };
}

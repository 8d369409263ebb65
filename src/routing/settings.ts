import type { FieldName } from './fields.js';
import type { LexicalSettings } from './lexical-index.js';

/**
 * When the lexical stage chooses its best candidate rather than none. `score` is the share of the
 * request's weight the best skill matches (0 to 1), `margin` how far it leads the runner-up, as a share
 * of its own score: neither depends on the size or the score scale of a library. A candidate is chosen
 * when its score reaches `sure`, or reaches `least` while leading by `margin` at least.
 */
export interface Decision {
  least: number;
  sure: number;
  margin: number;
}

/** Everything the router's behaviour depends on, chosen by measurement on held-out libraries. */
export interface RouterSettings extends LexicalSettings {
  decision: Decision;
}

/** Field weights (BM25F) of the lexical stage. */
export const DEFAULT_WEIGHTS: Readonly<Record<FieldName, number>> = {
  id: 3,
  aliases: 3,
  tags: 2.5,
  triggers: 1.5,
  category: 1,
  description: 1.5,
  opening: 0,
  headings: 0.6,
  inputs: 0.4,
};

/**
 * The settings Skein ships: chosen on all the routing libraries of test/fixtures/routing by the
 * procedure whose leave-one-library-out figures docs/routing.md reports (bench/route-heldout.ts).
 */
export const DEFAULT_SETTINGS: RouterSettings = {
  weights: DEFAULT_WEIGHTS,
  words: true,
  unknown: 1,
  decision: { least: 0.18, sure: 0.28, margin: 0.25 },
};

/** Whether the best candidate is chosen: see Decision. */
export function decide(best: number, runnerUp: number, d: Decision): boolean {
  if (best <= 0) return false;
  return best >= d.sure || (best >= d.least && (best - runnerUp) / best >= d.margin);
}

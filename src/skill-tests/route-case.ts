/** A routing case of a cases.yaml: a request and the skill it must reach, or none. */
export interface RouteCase {
  request: string;
  /** The expected skill id; null for a request no skill should take. */
  expect: string | null;
  /** A label that groups cases in the report (`holdout`: left out of threshold calibration). */
  set: string;
  file: string;
  line: number;
}

/** The least top-1 accuracy (in-scope requests) and none-accuracy a routing set must reach. */
export interface RouteTargets {
  top1: number;
  none: number;
}

/** The targets for the lexical stage, used when a file sets none. */
export const DEFAULT_ROUTE_TARGETS: RouteTargets = { top1: 0.85, none: 0.7 };

/** The set name of cases without `set:`. */
export const MAIN_SET = 'main';
/** The set left out when a threshold is calibrated. */
export const HOLDOUT_SET = 'holdout';

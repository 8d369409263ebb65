/** One routed request of a labelled set: whether a skill should take it, whether the top candidate is that skill, its score. */
export interface CalibrationPoint {
  inScope: boolean;
  rightTop: boolean;
  /** The top candidate's score (0 when none matched). */
  score: number;
}

/** A threshold and what it gives on the set it was calibrated on. */
export interface Calibration {
  threshold: number;
  top1: number;
  none: number;
}

/**
 * The threshold that maximises top-1 accuracy (in-scope requests routed to the right skill at or above
 * it) plus none-accuracy (out-of-scope requests left below it): thresholds between each two neighbouring
 * scores are tried, and of those that reach the maximum the middle one is taken, to sit away from the
 * requests on either side. Undefined without both in-scope and out-of-scope requests.
 */
export function calibrateThreshold(points: readonly CalibrationPoint[]): Calibration | undefined {
  const inScope = points.filter((p) => p.inScope);
  const outside = points.filter((p) => !p.inScope);
  if (!inScope.length || !outside.length) return undefined;
  const scores = [...new Set(points.map((p) => p.score))].sort((a, b) => a - b);
  const tries = [scores[0] / 2, ...scores.slice(1).map((s, i) => (scores[i] + s) / 2), scores.at(-1)! + 0.01];
  const rate = (t: number): Calibration => ({
    threshold: Math.round(t * 1000) / 1000,
    top1: inScope.filter((p) => p.rightTop && p.score >= t).length / inScope.length,
    none: outside.filter((p) => p.score < t).length / outside.length,
  });
  const rated = tries.map(rate);
  const best = Math.max(...rated.map((r) => r.top1 + r.none));
  const top = rated.filter((r) => r.top1 + r.none >= best - 1e-9);
  return top[Math.floor((top.length - 1) / 2)];
}

import type { Diagnostic } from '../ir/diagnostic.js';
import { calibrateThreshold, type Calibration, type Decision, type RouteIndex } from '../routing/index.js';
import { HOLDOUT_SET, type RouteCase, type RouteTargets } from './route-case.js';

/** A request routed elsewhere than expected. */
export interface Confusion {
  request: string;
  expected: string | null;
  got: string | null;
  score: number;
  line: number;
}

/** How one set of routing cases did. */
export interface RouteSetReport {
  set: string;
  /** In-scope requests, and those routed to the expected skill. */
  inScope: number;
  top1Hits: number;
  /** top1Hits / inScope; null without in-scope requests. */
  top1: number | null;
  /** Requests no skill should take, and those routed to none. */
  outOfScope: number;
  noneHits: number;
  none: number | null;
  confusions: Confusion[];
  passed: boolean;
}

/** The routing cases of one cases file against the skills loaded with it. */
export interface RoutingReport {
  file: string;
  /** The least score a choice needs (the decision's `least`). */
  threshold: number;
  /** The whole "none" rule: a score under `sure` must also lead the runner-up by `margin`. */
  decision: Decision;
  targets: RouteTargets;
  sets: RouteSetReport[];
  /** The best single threshold (no margin rule) for the cases outside the holdout set. */
  calibration?: Calibration;
  passed: boolean;
}

/**
 * Routes every case's request (lexical stage) and reports top-1 accuracy, none-accuracy and the
 * confusions per set, against the targets. A case expecting a skill that is not loaded is a diagnostic.
 */
export function evaluateRouting(
  index: RouteIndex,
  section: { file: string; cases: readonly RouteCase[]; targets: RouteTargets },
): { report: RoutingReport; diagnostics: Diagnostic[] } {
  const known = new Set(index.skills.map((s) => s.id));
  const diagnostics: Diagnostic[] = [];
  const routed = section.cases.flatMap((c) => {
    if (c.expect !== null && !known.has(c.expect)) {
      diagnostics.push({
        file: c.file,
        line: c.line,
        column: 1,
        severity: 'error',
        code: 'test/unknown-skill',
        message: `route case "${c.request}" expects skill "${c.expect}", which is not among the skills loaded`,
      });
      return [];
    }
    const result = index.rank(c.request, { limit: 1 });
    return [{ case: c, got: result.choice?.id ?? null, top: result.candidates[0] }];
  });
  const sets = [...new Set(routed.map((r) => r.case.set))].map((set): RouteSetReport => {
    const rs = routed.filter((r) => r.case.set === set);
    const inScope = rs.filter((r) => r.case.expect !== null);
    const outside = rs.filter((r) => r.case.expect === null);
    const top1Hits = inScope.filter((r) => r.got === r.case.expect).length;
    const noneHits = outside.filter((r) => r.got === null).length;
    const top1 = inScope.length ? top1Hits / inScope.length : null;
    const none = outside.length ? noneHits / outside.length : null;
    return {
      set,
      inScope: inScope.length,
      top1Hits,
      top1,
      outOfScope: outside.length,
      noneHits,
      none,
      confusions: rs
        .filter((r) => r.got !== r.case.expect)
        .map((r) => ({
          request: r.case.request,
          expected: r.case.expect,
          got: r.got,
          score: r.top?.score ?? 0,
          line: r.case.line,
        })),
      passed:
        (top1 === null || top1 >= section.targets.top1) && (none === null || none >= section.targets.none),
    };
  });
  const calibration = calibrateThreshold(
    routed
      .filter((r) => r.case.set !== HOLDOUT_SET)
      .map((r) => ({
        inScope: r.case.expect !== null,
        rightTop: r.top?.id === r.case.expect,
        score: r.top?.score ?? 0,
      })),
  );
  return {
    report: {
      file: section.file,
      threshold: index.threshold,
      decision: index.settings.decision,
      targets: section.targets,
      sets,
      ...(calibration ? { calibration } : {}),
      passed: sets.every((s) => s.passed),
    },
    diagnostics,
  };
}

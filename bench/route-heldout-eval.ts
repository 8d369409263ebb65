// Leave-one-library-out evaluation of the router: for each routing library, the settings (lexical
// variant and "none" decision) are chosen on the other libraries and measured on the one left out.
import { buildRouteIndex } from '../src/routing/index.js';
import { decide, type Decision, type RouterSettings } from '../src/routing/settings.js';
import type { RouteLibrary } from './route-libraries.js';

/** A request as the lexical stage ranked it: the expected skill, the top five, the two best scores. */
export interface Ranked {
  expect: string | null;
  top: string[];
  best: number;
  runnerUp: number;
}

/** Ranks every request of a library with another search: `build` indexes the skills, its search ranks. */
export function rankLibraryWith(
  library: RouteLibrary,
  build: (skills: RouteLibrary['skills']) => (request: string) => { id: string; score: number }[],
): Ranked[] {
  const search = build(library.skills);
  return library.requests.map((r) => {
    const hits = search(r.request).slice(0, 5);
    return {
      expect: r.expect,
      top: hits.map((h) => h.id),
      best: hits[0]?.score ?? 0,
      runnerUp: hits[1]?.score ?? 0,
    };
  });
}

/** Single thresholds (no margin rule) between the best scores met in some ranked requests, for raw-score peers. */
export function thresholdGrid(libraries: readonly (readonly Ranked[])[]): Decision[] {
  const scores = [...new Set(libraries.flat().map((r) => r.best))].sort((a, b) => a - b);
  return [0, ...scores.slice(1).map((x, i) => (x + scores[i]) / 2), (scores.at(-1) ?? 0) + 1].map((t) => ({
    least: t,
    sure: t,
    margin: 0,
  }));
}

/** Figures on one library: top-1 (in scope, chosen and right), none-accuracy, top-5 recall. */
export interface Figures {
  top1: number;
  none: number;
  top5: number;
  inScope: number;
  outOfScope: number;
}

/** What one fold chose on the other libraries, and what it measured on the one left out. */
export interface Fold {
  library: string;
  variant: string;
  decision: Decision;
  figures: Figures;
}

/** Ranks every request of a library with some lexical settings (the decision is applied later). */
export function rankLibrary(library: RouteLibrary, settings: RouterSettings): Ranked[] {
  const index = buildRouteIndex(library.skills, { settings });
  return library.requests.map((r) => {
    const { candidates } = index.rank(r.request, { limit: 5 });
    return {
      expect: r.expect,
      top: candidates.map((c) => c.id),
      best: candidates[0]?.score ?? 0,
      runnerUp: candidates[1]?.score ?? 0,
    };
  });
}

/** The figures of ranked requests under a decision. */
export function figures(ranked: readonly Ranked[], decision: Decision): Figures {
  let inScope = 0;
  let right = 0;
  let inTop5 = 0;
  let outOfScope = 0;
  let none = 0;
  for (const r of ranked) {
    const chosen = decide(r.best, r.runnerUp, decision) ? r.top[0] : null;
    if (r.expect === null) {
      outOfScope++;
      if (chosen === null) none++;
      continue;
    }
    inScope++;
    if (chosen === r.expect) right++;
    if (r.top.includes(r.expect)) inTop5++;
  }
  return {
    top1: right / (inScope || 1),
    none: none / (outOfScope || 1),
    top5: inTop5 / (inScope || 1),
    inScope,
    outOfScope,
  };
}

/** The decisions tried: least score, sure score, margin over the runner-up. */
export function decisionGrid(): Decision[] {
  const grid: Decision[] = [];
  for (let least = 0.05; least <= 0.351; least += 0.01)
    for (let sure = least; sure <= 0.601; sure += 0.05)
      for (let margin = 0; margin <= 0.501; margin += 0.05)
        if (sure > least + 1e-9 || margin === 0)
          grid.push({ least: round(least), sure: round(sure), margin: round(margin) });
  return grid;
}

/** What tuning maximises over libraries: the mean of each library's (top-1 + none-accuracy) / 2. */
export function objective(perLibrary: readonly Figures[]): number {
  return perLibrary.reduce((n, f) => n + (f.top1 + f.none) / 2, 0) / (perLibrary.length || 1);
}

/** The decision of the grid that maximises the objective on some libraries' ranked requests. */
export function bestDecision(libraries: readonly (readonly Ranked[])[], grid = decisionGrid()): Decision {
  let best = grid[0];
  let bestValue = -1;
  for (const d of grid) {
    const value = objective(libraries.map((r) => figures(r, d)));
    if (value > bestValue + 1e-12) [best, bestValue] = [d, value];
  }
  return best;
}

/**
 * Leave-one-library-out: for each library, the variant and decision that do best on the others, and
 * the figures they give on it. `ranked[variant][library]` holds each variant's rankings.
 */
export function leaveOneOut(
  names: readonly string[],
  ranked: Readonly<Record<string, readonly (readonly Ranked[])[]>>,
  grid: Decision[] | ((train: readonly (readonly Ranked[])[]) => Decision[]) = decisionGrid(),
): Fold[] {
  return names.map((library, left) => {
    let chosen: { variant: string; decision: Decision; value: number } | undefined;
    for (const [variant, perLibrary] of Object.entries(ranked)) {
      const train = perLibrary.filter((_, i) => i !== left);
      const decision = bestDecision(train, typeof grid === 'function' ? grid(train) : grid);
      const value = objective(train.map((r) => figures(r, decision)));
      if (!chosen || value > chosen.value + 1e-12) chosen = { variant, decision, value };
    }
    const { variant, decision } = chosen!;
    return { library, variant, decision, figures: figures(ranked[variant][left], decision) };
  });
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

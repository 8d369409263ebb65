import type { Diagnostic } from '../ir/diagnostic.js';
import type { CheckFacts } from '../ir/skill.js';
import { findOverlaps } from './overlap.js';

/** Files loaded together: their skills and the diagnostics to add to (the library's `LoadedUnit`). */
interface UnitOfSkills {
  skills: readonly CheckFacts[];
  diagnostics: Diagnostic[];
}

/**
 * Warns, on the second skill of each pair, when two skills validated together describe themselves so
 * alike (description, tags, aliases) that the router cannot tell which one a request means.
 */
export function checkRouteOverlap(units: readonly UnitOfSkills[]): void {
  const unitOf = new Map(units.flatMap((u) => u.skills.map((s) => [s, u] as const)));
  for (const { a, b, similarity, shared } of findOverlaps([...unitOf.keys()]))
    unitOf.get(b)!.diagnostics.push({
      file: b.source,
      line: 1,
      column: 1,
      severity: 'warning',
      code: 'skein/route-overlap',
      message: `${b.id} and ${a.id} (${a.source}) describe themselves ${Math.round(similarity * 100)}% alike (${shared.slice(0, 6).join(', ')}), so requests cannot tell them apart; say in each description what sets it apart, or merge them`,
    });
}

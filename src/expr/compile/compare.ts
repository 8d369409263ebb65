import type { ComparisonOperator } from '../ast.js';
import type { Evaluate } from './context.js';
import { asNumber } from './numbers.js';

/**
 * Compiles the six comparisons and `in`. `==` and `!=` never convert types (`"1" != 1`, `"true" != true`);
 * arrays and objects are equal when their JSON contents are. `< > <= >=` compare numbers when both sides
 * are numbers or numeric strings, other strings by UTF-16 code units, and are false for anything else.
 * `a in b` is true when the array `b` has an element equal to `a`, the string `b` contains the string
 * `a`, or the object `b` has the key `a`.
 */
export function compileComparison(operator: ComparisonOperator, left: Evaluate, right: Evaluate): Evaluate {
  switch (operator) {
    case '==':
      return (scope, frame) => same(left(scope, frame), right(scope, frame));
    case '!=':
      return (scope, frame) => !same(left(scope, frame), right(scope, frame));
    case '<':
      return (scope, frame) => compare(left(scope, frame), right(scope, frame)) < 0;
    case '>':
      return (scope, frame) => compare(left(scope, frame), right(scope, frame)) > 0;
    case '<=':
      return (scope, frame) => compare(left(scope, frame), right(scope, frame)) <= 0;
    case '>=':
      return (scope, frame) => compare(left(scope, frame), right(scope, frame)) >= 0;
    case 'in':
      return (scope, frame) => contains(right(scope, frame), left(scope, frame));
  }
}

/** Whether `container` holds `item`: an equal array element, a substring, or an own key. */
function contains(container: unknown, item: unknown): boolean {
  if (Array.isArray(container)) return container.some((x) => same(x, item));
  if (typeof container === 'string') return typeof item === 'string' && container.includes(item);
  if (typeof container === 'object' && container !== null)
    return typeof item === 'string' && Object.hasOwn(container, item);
  return false;
}

/** Equality without type conversion; missing counts as null; arrays and objects compare by content. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && same(ra[k], rb[k]));
}

/** -1, 0 or 1 for values that can be ordered; NaN (every comparison false) for those that cannot. */
function compare(a: unknown, b: unknown): number {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
  if (typeof a === 'string' && typeof b === 'string' && x === undefined && y === undefined)
    return a < b ? -1 : a > b ? 1 : 0;
  return NaN;
}

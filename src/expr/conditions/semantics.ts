import type { Semantics } from '../compile/semantics.js';
import { formatValue } from '../format.js';

/** Length of a list, text or object; 0 for null or missing. */
function len(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length;
  return 0;
}

/**
 * State-condition rules: missing data is null; null, false, "", 0, NaN, an empty list and an empty
 * object are false (as in Python, where these conditions come from); `len(x)` (also `x.length`).
 */
export const conditionSemantics: Semantics = {
  missing: () => null,
  format: formatValue,
  truthy: (v) =>
    !(
      v === null ||
      v === undefined ||
      v === false ||
      v === '' ||
      v === 0 ||
      Number.isNaN(v) ||
      (len(v) === 0 && typeof v === 'object')
    ),
  functions: {
    len: { arity: [1, 1], call: ([value]) => len(value) },
  },
};

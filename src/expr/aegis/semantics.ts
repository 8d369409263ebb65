import type { Semantics } from '../compile/semantics.js';
import { formatValue } from '../format.js';

/** Aegis rules: missing data is null and renders as ""; null, false, "", 0 and NaN are false in a guard. */
export const aegisSemantics: Semantics = {
  missing: () => null,
  format: formatValue,
  truthy: (v) => !(v === null || v === undefined || v === false || v === '' || v === 0 || Number.isNaN(v)),
};

import type { ExprFunction } from '../../compile/semantics.js';

/** `value | default: x`: `x` when the value is missing, null or "". */
export const defaultPipe: ExprFunction = {
  arity: [2, 2],
  call: ([value, fallback]) => (value === undefined || value === null || value === '' ? fallback : value),
};

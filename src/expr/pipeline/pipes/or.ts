import type { ExprFunction } from '../../compile/semantics.js';

/** `a || b || 'text'`: the first value that is not missing, null or "" (else the last one). */
export const or: ExprFunction = {
  arity: [2, Infinity],
  call(values) {
    for (const v of values) if (v !== undefined && v !== null && v !== '') return v;
    return values[values.length - 1];
  },
};

import type { ExprFunction } from '../../compile/semantics.js';
import { isRecord } from '../../compile/properties.js';
import { describeKind, isMissing } from './missing.js';

/** `list | map: field` (alias `pluck`): the field (a dotted path) of each element; missing where an element has none. */
export const map: ExprFunction = {
  arity: [2, 2],
  call([list, field], site) {
    if (isMissing(list)) return list;
    if (!Array.isArray(list)) return site.fail(`map needs an array, got ${describeKind(list)}`);
    const path = String(field).split('.');
    return list.map((item) => {
      let v: unknown = item;
      for (const key of path) v = isRecord(v) && Object.hasOwn(v, key) ? v[key] : undefined;
      return v;
    });
  },
};

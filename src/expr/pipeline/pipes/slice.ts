import type { ExprFunction } from '../../compile/semantics.js';
import { describeKind, isMissing } from './missing.js';

/** `list | slice: start: end`: part of an array or a string (JavaScript `slice`; negative counts from the end). */
export const slice: ExprFunction = {
  arity: [2, 3],
  call([value, start, end], site) {
    if (isMissing(value)) return value;
    if (!Array.isArray(value) && typeof value !== 'string')
      return site.fail(`slice needs an array or a string, got ${describeKind(value)}`);
    for (const bound of end === undefined ? [start] : [start, end])
      if (typeof bound !== 'number' || !Number.isInteger(bound))
        return site.fail(`slice takes whole numbers, e.g. slice: 0: 3; got ${JSON.stringify(bound)}`);
    return value.slice(start as number, end as number | undefined);
  },
};

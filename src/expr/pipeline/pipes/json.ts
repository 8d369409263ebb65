import type { ExprFunction } from '../../compile/semantics.js';

/** `value | json` (or `json: 2` to indent): the value as JSON text; missing stays missing. */
export const json: ExprFunction = {
  arity: [1, 2],
  call([value, indent], site) {
    if (value === undefined) return undefined;
    if (
      indent !== undefined &&
      (typeof indent !== 'number' || !Number.isInteger(indent) || indent < 0 || indent > 10)
    )
      return site.fail(`json takes an indent from 0 to 10, e.g. json: 2; got ${JSON.stringify(indent)}`);
    return JSON.stringify(value, null, indent as number | undefined);
  },
};

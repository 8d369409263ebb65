import type { ExprFunction } from '../../compile/semantics.js';
import { formatValue } from '../../format.js';
import { describeKind, isMissing } from './missing.js';

/** `list | join: sep` (default `,`): the elements as text (objects as JSON, missing as ""), separated by `sep`. */
export const join: ExprFunction = {
  arity: [1, 2],
  call([list, separator], site) {
    if (isMissing(list)) return list;
    if (!Array.isArray(list)) return site.fail(`join needs an array, got ${describeKind(list)}`);
    const sep = separator === undefined ? ',' : formatValue(separator);
    return list.map((item) => formatValue(item)).join(sep);
  },
};

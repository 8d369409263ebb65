import type { Scanner } from './scanner.js';

const LOGIC = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '='];

/**
 * Throws the error for what follows a complete `{{ }}` expression where its closing `}}` should be. When
 * another `{{` (or the end) comes before any `}}`, the tag was never closed and the error points at it.
 */
export function failAfterExpression(sc: Scanner, tagStart: number): never {
  const close = sc.source.indexOf('}}', sc.pos);
  const open = sc.source.indexOf('{{', sc.pos);
  if (close === -1 || (open !== -1 && open < close))
    sc.fail('unclosed {{: add }} after the expression', tagStart, 2);
  const logic = LOGIC.find((op) => sc.at(op));
  if (logic)
    sc.fail(
      `${logic} is not allowed inside {{ }}, which supports + - * / only; comparisons and && || belong in a step's when`,
      sc.pos,
      logic.length,
    );
  if (sc.at('|')) sc.fail('filters with | are not supported in Aegis templates; {{ }} supports + - * / only');
  if (sc.at('%')) sc.fail('% is not supported; {{ }} supports + - * / only');
  sc.fail(
    `expected + - * / or }} here, found ${sc.describeNext()}; to join values write e.g. {{first + " " + last}}`,
  );
}

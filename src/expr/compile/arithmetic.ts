import type { ArithmeticOperator } from '../ast.js';
import type { Evaluate, Site } from './context.js';
import { describe } from './describe.js';
import { asNumber } from './numbers.js';

type Apply = (a: number, b: number) => number;
type Explain = (left: string, right: string) => string;

/**
 * Compiles `+ - * / %`. `+` joins the display forms when either side is a string; otherwise, and for the
 * other operators, numbers and numeric strings count as numbers, null (or missing) on either side gives
 * null, and anything else (booleans, objects, arrays, other strings) is an error, as is division (or
 * remainder) by zero. `%` is the remainder with the sign of the left side, as in JavaScript.
 */
export function compileArithmetic(
  operator: ArithmeticOperator,
  left: Evaluate,
  right: Evaluate,
  format: (value: unknown) => string,
  site: Site,
): Evaluate {
  switch (operator) {
    case '+': {
      const add: Apply = (a, b) => a + b;
      const explain: Explain = (a, b) => `cannot add ${a} and ${b}`;
      return (scope, frame) => {
        const l = left(scope, frame);
        const r = right(scope, frame);
        if (typeof l === 'number' && typeof r === 'number') return l + r;
        if (typeof l === 'string' || typeof r === 'string') return format(l) + format(r);
        return numeric(l, r, add, explain, site);
      };
    }
    case '-': {
      const subtract: Apply = (a, b) => a - b;
      const explain: Explain = (a, b) => `cannot subtract ${b} from ${a}`;
      return (scope, frame) => {
        const l = left(scope, frame);
        const r = right(scope, frame);
        if (typeof l === 'number' && typeof r === 'number') return l - r;
        return numeric(l, r, subtract, explain, site);
      };
    }
    case '*': {
      const multiply: Apply = (a, b) => a * b;
      const explain: Explain = (a, b) => `cannot multiply ${a} by ${b}`;
      return (scope, frame) => {
        const l = left(scope, frame);
        const r = right(scope, frame);
        if (typeof l === 'number' && typeof r === 'number') return l * r;
        return numeric(l, r, multiply, explain, site);
      };
    }
    case '/': {
      const divide: Apply = (a, b) => (b === 0 ? site.fail('division by zero') : a / b);
      const explain: Explain = (a, b) => `cannot divide ${a} by ${b}`;
      return (scope, frame) => {
        const l = left(scope, frame);
        const r = right(scope, frame);
        if (typeof l === 'number' && typeof r === 'number' && r !== 0) return l / r;
        return numeric(l, r, divide, explain, site);
      };
    }
    case '%': {
      const remainder: Apply = (a, b) => (b === 0 ? site.fail('remainder of a division by zero') : a % b);
      const explain: Explain = (a, b) => `cannot divide ${a} by ${b}`;
      return (scope, frame) => numeric(left(scope, frame), right(scope, frame), remainder, explain, site);
    }
  }
}

/** Compiles unary minus, with the same operand rules as the binary operators. */
export function compileNegate(operand: Evaluate, site: Site): Evaluate {
  return (scope, frame) => {
    const v = operand(scope, frame);
    if (v === null || v === undefined) return null;
    const n = asNumber(v);
    if (n === undefined) site.fail(`cannot negate ${describe(v)}`);
    return -n;
  };
}

/** The slow path: nulls, numeric strings and errors. */
function numeric(l: unknown, r: unknown, apply: Apply, explain: Explain, site: Site): number | null {
  if (l === null || l === undefined || r === null || r === undefined) return null;
  const a = asNumber(l);
  const b = asNumber(r);
  if (a === undefined || b === undefined) site.fail(explain(describe(l), describe(r)));
  return apply(a, b);
}

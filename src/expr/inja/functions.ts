import type { ExprFunction } from '../compile/semantics.js';
import type { Site } from '../compile/site.js';
import { describe } from '../compile/describe.js';
import { asNumber } from '../compile/numbers.js';
import { isRecord } from '../compile/properties.js';
import { formatValue } from '../format.js';

const MAX_RANGE = 100_000;

function text(name: string, v: unknown, site: Site): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return site.fail(`${name} expects text, got ${describe(v)}`);
}

function list(name: string, v: unknown, site: Site): unknown[] {
  if (Array.isArray(v)) return v;
  return site.fail(`${name} expects a list, got ${describe(v)}`);
}

function number(name: string, v: unknown, site: Site): number {
  const n = asNumber(v);
  if (n === undefined) site.fail(`${name} expects a number, got ${describe(v)}`);
  return n;
}

function integer(name: string, v: unknown, site: Site): number {
  const n = number(name, v, site);
  if (!Number.isInteger(n)) site.fail(`${name} expects a whole number, got ${describe(v)}`);
  return n;
}

/** Orders JSON values: numbers, then strings, each by value; anything else keeps its place. */
function order(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return typeof a === 'number' ? -1 : typeof b === 'number' ? 1 : 0;
}

/** The element that beats every other one (null for an empty list). */
function best(items: unknown[], beats: (a: unknown, b: unknown) => boolean): unknown {
  let out = items.length ? items[0] : null;
  for (const item of items) if (beats(item, out)) out = item;
  return out;
}

/** An element of a list (negative indexes count from the end) or an object's field. */
function element(v: unknown, key: unknown, site: Site): unknown {
  let found: unknown;
  if (Array.isArray(v)) {
    const i = integer('at', key, site);
    found = v[i < 0 ? v.length + i : i];
  } else if (isRecord(v)) found = Object.hasOwn(v, String(key)) ? v[String(key)] : undefined;
  else site.fail(`at expects a list or an object, got ${describe(v)}`);
  if (found === undefined) site.fail(`at: there is no element ${describe(key)} in ${describe(v)}`);
  return found;
}

const fn = (
  arity: readonly [number, number],
  call: ExprFunction['call'],
  lenientArgs?: number,
): ExprFunction => ({
  arity,
  call,
  ...(lenientArgs ? { lenientArgs } : {}),
});

/**
 * Inja's built-in functions, callable as `f(x, y)` or as filters `x | f(y)`. Type mistakes fail the node
 * with the function's name and the value it got.
 */
export const injaFunctions: Readonly<Record<string, ExprFunction>> = {
  upper: fn([1, 1], ([v], site) => text('upper', v, site).toUpperCase()),
  lower: fn([1, 1], ([v], site) => text('lower', v, site).toLowerCase()),
  capitalize: fn([1, 1], ([v], site) => {
    const s = text('capitalize', v, site);
    return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  }),
  replace: fn([3, 3], ([v, from, to], site) =>
    text('replace', v, site).replaceAll(text('replace', from, site), text('replace', to, site)),
  ),
  length: fn([1, 1], ([v], site) => {
    if (typeof v === 'string') return [...v].length;
    if (Array.isArray(v)) return v.length;
    if (isRecord(v)) return Object.keys(v).length;
    return site.fail(`length expects text, a list or an object, got ${describe(v)}`);
  }),
  at: fn([2, 2], ([v, key], site) => element(v, key, site)),
  first: fn([1, 1], ([v], site) =>
    typeof v === 'string' ? ([...v][0] ?? null) : (list('first', v, site)[0] ?? null),
  ),
  last: fn([1, 1], ([v], site) =>
    typeof v === 'string' ? ([...v].at(-1) ?? null) : (list('last', v, site).at(-1) ?? null),
  ),
  join: fn([1, 2], ([v, sep], site) =>
    list('join', v, site)
      .map(formatValue)
      .join(sep === undefined ? '' : text('join', sep, site)),
  ),
  sort: fn([1, 1], ([v], site) => [...list('sort', v, site)].sort(order)),
  max: fn([1, 1], ([v], site) => best(list('max', v, site), (a, b) => order(a, b) > 0)),
  min: fn([1, 1], ([v], site) => best(list('min', v, site), (a, b) => order(a, b) < 0)),
  range: fn([1, 1], ([v], site) => {
    const n = integer('range', v, site);
    if (n < 0 || n > MAX_RANGE) site.fail(`range expects a count from 0 to ${MAX_RANGE}, got ${n}`);
    return Array.from({ length: n }, (_, i) => i);
  }),
  round: fn([1, 2], ([v, digits], site) => {
    const places = digits === undefined ? 0 : integer('round', digits, site);
    const factor = 10 ** places;
    return Math.round(number('round', v, site) * factor) / factor;
  }),
  int: fn([1, 1], ([v], site) => Math.trunc(number('int', v, site))),
  float: fn([1, 1], ([v], site) => number('float', v, site)),
  odd: fn([1, 1], ([v], site) => Math.abs(integer('odd', v, site) % 2) === 1),
  even: fn([1, 1], ([v], site) => integer('even', v, site) % 2 === 0),
  divisibleBy: fn([2, 2], ([v, d], site) => {
    const divisor = integer('divisibleBy', d, site);
    return divisor !== 0 && integer('divisibleBy', v, site) % divisor === 0;
  }),
  default: fn([2, 2], ([v, fallback]) => (v === undefined ? fallback : v), 1),
  exists: fn([1, 1], ([v]) => v !== undefined, 1),
  existsIn: fn([2, 2], ([v, key], site) => {
    if (!isRecord(v)) return site.fail(`existsIn expects an object, got ${describe(v)}`);
    return Object.hasOwn(v, text('existsIn', key, site));
  }),
  isBoolean: fn([1, 1], ([v]) => typeof v === 'boolean'),
  isNumber: fn([1, 1], ([v]) => typeof v === 'number'),
  isInteger: fn([1, 1], ([v]) => Number.isInteger(v)),
  isFloat: fn([1, 1], ([v]) => typeof v === 'number' && !Number.isInteger(v)),
  isString: fn([1, 1], ([v]) => typeof v === 'string'),
  isArray: fn([1, 1], ([v]) => Array.isArray(v)),
  isObject: fn([1, 1], ([v]) => isRecord(v)),
};

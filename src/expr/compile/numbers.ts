const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A number, or a string that reads as a decimal number (`"3"`, `" 2.5 "`, `"-1e3"`); otherwise undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : undefined;
}

/** A usable array index: a non-negative integer, or a string that reads as one; otherwise undefined. */
export function asIndex(value: unknown): number | undefined {
  const n = asNumber(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

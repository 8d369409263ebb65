/** A copy of `value` with the value of every key in `keys` (at any depth) replaced by "[redacted]". */
export function redact(value: unknown, keys: ReadonlySet<string>): unknown {
  if (keys.size === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, keys));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = keys.has(key) ? '[redacted]' : redact(item, keys);
  return out;
}

/** Recorded content as an attribute value: text as is, anything else as JSON. */
export function asAttribute(value: unknown, keys: ReadonlySet<string>): string {
  return typeof value === 'string' ? value : (JSON.stringify(redact(value, keys)) ?? 'null');
}

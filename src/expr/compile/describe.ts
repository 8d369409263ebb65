const MAX = 40;

/** A value shown briefly in an error message: strings quoted, objects and arrays as (shortened) JSON. */
export function describe(value: unknown): string {
  const text =
    value === undefined
      ? 'null'
      : typeof value === 'number' || typeof value === 'bigint'
        ? String(value)
        : (JSON.stringify(value) ?? String(value));
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

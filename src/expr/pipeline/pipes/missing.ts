/** Whether a pipe's input is absent: missing pipes pass through, so `{{steps.skipped.x | join: ","}}` stays missing. */
export function isMissing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** A value's kind for error messages: "an array", "a string", "an object", … */
export function describeKind(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

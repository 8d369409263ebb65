/**
 * What a run's input or a person's answer may be (`limits:` in skein.yaml, docs/configuration.md):
 * the one limit every surface's input goes through, checked by the runtime before anything else reads
 * the value (docs/reliability.md, "Input limits").
 */
export interface InputLimits {
  /** Largest input in bytes (its JSON text); default 1 MiB. */
  inputBytes: number;
  /** Deepest nesting of arrays and objects in an input; default 64. */
  inputDepth: number;
}

/** The input limits when skein.yaml sets none. */
export const DEFAULT_INPUT_LIMITS: InputLimits = { inputBytes: 1024 * 1024, inputDepth: 64 };

/**
 * Why `value` is past the limits (arrays and objects nested deeper than `inputDepth`, or JSON text
 * longer than `inputBytes`), or undefined. The depth is measured without recursion and before the
 * value is turned into JSON, so neither a deep value nor a cycle can exhaust the stack. The same walk
 * bounds the JSON's size from above (6 bytes a UTF-16 unit, the worst escape); only a value whose bound
 * passes the limit is turned into JSON to count its bytes, which a run's small input never is.
 */
export function inputLimitProblem(
  value: unknown,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): string | undefined {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  let count = 0;
  let bound = 0;
  // A value whose JSON the walk cannot bound (a `toJSON`, a bigint): counted exactly below.
  let unbounded = false;
  while (values.length) {
    const v = values.pop();
    const depth = depths.pop()!;
    // Every value takes at least a byte of JSON: more values than bytes allowed is too large already.
    if (++count > limits.inputBytes) return tooLarge(limits);
    if (typeof v === 'string') bound += v.length * 6 + 2;
    else if (typeof v !== 'object' || v === null) {
      bound += 24;
      if (typeof v === 'bigint') unbounded = true;
    } else {
      if (depth > limits.inputDepth)
        return `nested deeper than ${limits.inputDepth} levels, the limit (limits.inputDepth in skein.yaml)`;
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') unbounded = true;
      if (Array.isArray(v))
        for (const child of v) {
          values.push(child);
          depths.push(depth + 1);
        }
      else
        for (const key in v) {
          if (!Object.hasOwn(v, key)) continue;
          bound += key.length * 6 + 3;
          values.push((v as Record<string, unknown>)[key]);
          depths.push(depth + 1);
        }
      bound += 2;
    }
  }
  if (bound <= limits.inputBytes && !unbounded) return undefined;
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  return bytes > limits.inputBytes ? tooLarge(limits, bytes) : undefined;
}

function tooLarge(limits: InputLimits, bytes?: number): string {
  const size = bytes === undefined ? 'larger' : `${bytes} bytes as JSON, more`;
  return `${size} than the limit of ${limits.inputBytes} bytes (limits.inputBytes in skein.yaml)`;
}

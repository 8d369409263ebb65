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
 * value is turned into JSON, so neither a deep value nor a cycle can exhaust the stack.
 */
export function inputLimitProblem(
  value: unknown,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): string | undefined {
  const tooDeep = `nested deeper than ${limits.inputDepth} levels, the limit (limits.inputDepth in skein.yaml)`;
  const stack: [unknown, number][] = [[value, 1]];
  // Every value takes at least a byte of JSON: more values than bytes allowed is too large already.
  let values = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++values > limits.inputBytes) return tooLarge(limits);
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limits.inputDepth) return tooDeep;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  return bytes > limits.inputBytes ? tooLarge(limits, bytes) : undefined;
}

function tooLarge(limits: InputLimits, bytes?: number): string {
  const size = bytes === undefined ? 'larger' : `${bytes} bytes as JSON, more`;
  return `${size} than the limit of ${limits.inputBytes} bytes (limits.inputBytes in skein.yaml)`;
}

import { readFileSync } from 'node:fs';
import type { InputLimits } from '../config/config.js';
import { DEFAULT_INPUT_LIMITS } from '../config/load-config.js';
import { UsageError } from './usage-error.js';

/**
 * Reads `--input`: inline JSON, or `@file.json` (a UTF-8 byte order mark at its start is fine).
 * Input larger than `limits.inputBytes` or nested deeper than `limits.inputDepth` is refused
 * before it is parsed.
 */
export function readInputArg(raw: string | undefined, limits: InputLimits = DEFAULT_INPUT_LIMITS): unknown {
  if (raw === undefined) return undefined;
  let text = raw;
  if (raw.startsWith('@')) {
    try {
      text = readFileSync(raw.slice(1), 'utf8');
    } catch (e) {
      throw new UsageError(
        `cannot read input file ${raw.slice(1)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    if (text.startsWith('\uFEFF')) text = text.slice(1);
  }
  const bytes = Buffer.byteLength(text);
  if (bytes > limits.inputBytes)
    throw new UsageError(
      `--input is ${bytes} bytes, more than the limit of ${limits.inputBytes} (limits.inputBytes in skein.yaml)`,
    );
  const depth = nestingDepth(text);
  if (depth > limits.inputDepth)
    throw new UsageError(
      `--input is nested ${depth} levels deep, more than the limit of ${limits.inputDepth} (limits.inputDepth in skein.yaml)`,
    );
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--input is not valid JSON: ${(e as Error).message}`);
  }
}

/** The deepest nesting of arrays and objects in JSON text (strings skipped), without parsing it. */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

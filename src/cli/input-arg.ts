import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

/** Reads `--input`: inline JSON, or `@file.json`. */
export function readInputArg(raw: string | undefined): unknown {
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
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--input is not valid JSON: ${(e as Error).message}`);
  }
}

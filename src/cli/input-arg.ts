import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

/**
 * Reads a JSON option (`--input`, `--state`): inline JSON, or `@file.json` (a UTF-8 byte order mark at
 * its start is fine). Its size and depth are checked where every surface's input is, by the runtime
 * (docs/reliability.md, "Input limits"), or by the command for what is not a run's input.
 */
export function readInputArg(raw: string | undefined, option = '--input'): unknown {
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
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${option} is not valid JSON: ${(e as Error).message}`);
  }
}

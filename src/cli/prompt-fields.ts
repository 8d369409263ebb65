import { createInterface } from 'node:readline';
import type { MissingField } from '../routing/index.js';
import { RunRefused } from '../runtime/index.js';
import { colorFor } from './style.js';

/**
 * Asks a person at the terminal for each missing field (its description, its options), reading numbers,
 * booleans and JSON by the field's type; an answer that does not read is asked again. The end of input
 * (Ctrl-D) refuses the run, naming the fields still missing.
 */
export async function promptFields(fields: readonly MissingField[]): Promise<Record<string, unknown>> {
  const c = colorFor(process.stderr);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Lines typed ahead wait in the iterator until their question comes.
  const lines = rl[Symbol.asyncIterator]();
  const answers: Record<string, unknown> = {};
  try {
    for (const [i, f] of fields.entries()) {
      const options = f.schema.enum ? ` (${f.schema.enum.map((v) => JSON.stringify(v)).join(' | ')})` : '';
      for (;;) {
        rl.setPrompt(`${c.bold(f.field)}${c.dim(` ${f.message}${options}`)}: `);
        rl.prompt();
        const next = await lines.next();
        if (next.done)
          throw new RunRefused(
            'input_required',
            `no answer for ${fields
              .slice(i)
              .map((m) => m.field)
              .join(', ')}`,
          );
        const raw = String(next.value);
        const value = readAnswer(raw.trim(), f.schema.type);
        if (value !== undefined && raw.trim()) {
          answers[f.field] = value;
          break;
        }
        process.stderr.write(c.yellow(`  ${f.field} needs a ${String(f.schema.type ?? 'value')}\n`));
      }
    }
  } finally {
    rl.close();
  }
  return answers;
}

function readAnswer(raw: string, type: unknown): unknown {
  const t = Array.isArray(type) ? type[0] : type;
  if (t === 'number' || t === 'integer') {
    const n = Number(raw);
    return raw !== '' && Number.isFinite(n) && (t === 'number' || Number.isInteger(n)) ? n : undefined;
  }
  if (t === 'boolean')
    return /^(y|yes|true|是)$/i.test(raw) ? true : /^(n|no|false|否)$/i.test(raw) ? false : undefined;
  if (t === 'object' || t === 'array') {
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  return raw;
}

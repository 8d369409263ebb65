import type { CodeletDecl } from './declarations.js';
import { EXAMPLES } from './examples.js';
import type { Reporter } from './reporter.js';
import { didYouMean } from '../kit/did-you-mean.js';
import { keyAt, nodeAt, spanOf } from '../kit/yaml-block.js';

const RUNTIME = /^python3(?:\.\d+)?$/;
const MAIN = /^def[ \t]+main[ \t]*\(([^)]*)\)[ \t]*(?:->[^:]*)?:/m;
const FIELDS = [
  'type',
  'runtime',
  'code',
  'metadata',
  'description',
  'permissions',
  'signature',
  'name',
  'version',
];

/** Checks a codelet: a Python runtime, and code that defines `main(context)`. */
export function checkCodelet(c: CodeletDecl, report: Reporter): void {
  const { block, map, fields } = c.place;
  for (const key of Object.keys(fields))
    if (!FIELDS.includes(key))
      report.warn(
        'unknown-field',
        `codelets have no field "${key}"; it is ignored${didYouMean(key, ['runtime', 'code'])} (fields: runtime, code, metadata)`,
        ...spanOf(block, keyAt(map, key)),
      );
  const runtime = fields.runtime;
  if (runtime === undefined)
    report.error(
      'missing-field',
      `codelet \`${c.path}\` needs runtime: python3.10, e.g. ${EXAMPLES.codelet}`,
      c.offset,
    );
  else if (typeof runtime !== 'string' || !RUNTIME.test(runtime))
    report.error(
      'unsupported-runtime',
      `runtime ${JSON.stringify(runtime)} is not supported; codelets run Python: runtime: python3.10`,
      ...spanOf(block, nodeAt(block, ['runtime'])),
    );
  if (typeof fields.code !== 'string' || !fields.code.trim()) {
    const [start, end] = spanOf(block, nodeAt(block, ['code']) ?? null, c.offset);
    report.error(
      'missing-field',
      `codelet \`${c.path}\` needs code: a block (code: |) defining def main(context) that returns a dict`,
      start,
      end,
    );
    return;
  }
  const main = MAIN.exec(fields.code);
  const [start, end] = spanOf(block, nodeAt(block, ['code']));
  if (!main)
    report.error(
      'codelet-missing-main',
      `codelet \`${c.path}\` does not define main(context); its code must have a top-level "def main(context):" that returns a dict, e.g. def main(context): return {"is_valid": "@" in context.get("email", "")}`,
      start,
      end,
    );
  else if (main[1].split(',').filter((p) => p.trim()).length !== 1)
    report.error(
      'codelet-missing-main',
      `main takes exactly one argument, the context: def main(context):`,
      start,
      end,
    );
}

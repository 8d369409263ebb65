import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { DIALECT_NAMES, type DialectName } from '../../ir/skill.js';
import { parseCommandArgs } from '../args.js';
import { SCAFFOLDS, scaffoldConfig } from '../scaffold/index.js';
import { initSpec } from '../specs/init.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';

/** `skein init [DIR] [--dialect NAME]...`: writes a working skills folder and prints what to run next. */
export async function initCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, initSpec.options);
  if (positionals.length > 1) throw new UsageError('init takes one folder (default: the current one)');
  const chosen = values.dialect ?? [...DIALECT_NAMES];
  for (const d of chosen)
    if (!DIALECT_NAMES.includes(d as DialectName))
      throw new UsageError(`unknown dialect "${d}"; known: ${DIALECT_NAMES.join(', ')}`);
  const dialects = DIALECT_NAMES.filter((d) => chosen.includes(d));
  const dir = resolve(positionals[0] ?? '.');
  const files: Record<string, string> = { 'skein.yaml': scaffoldConfig(dialects) };
  for (const d of dialects) Object.assign(files, SCAFFOLDS[d]);
  const written: string[] = [];
  const kept: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, path);
    if (existsSync(file)) {
      kept.push(path);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(path);
  }
  const into = relative(process.cwd(), dir);
  const cd = into ? `cd ${into.includes(' ') ? JSON.stringify(into) : into} && ` : '';
  const skillsPaths = [
    ...(dialects.some((d) => d !== 'engine') ? ['skills'] : []),
    ...(dialects.includes('engine') ? ['.skills'] : []),
  ];
  const next = [
    `${cd}npx skein validate ${skillsPaths.join(' ')}`,
    firstRun(dialects),
    `npx skein test ${skillsPaths.join(' ')}`,
  ];
  if (values.json) {
    process.stdout.write(JSON.stringify({ dir, written, kept, next }) + '\n');
    return 0;
  }
  const c = colorFor(process.stdout);
  const lines = [
    ...written.map((p) => `${c.green('wrote')} ${p}`),
    ...kept.map((p) => `${c.dim('kept')}  ${p} ${c.dim('(exists)')}`),
    '',
    'Next:',
    ...next.map((n) => `  ${n}`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

/** A run of the first scaffolded skill that needs no model. */
function firstRun(dialects: readonly DialectName[]): string {
  if (dialects.includes('aegis')) return `npx skein run greet --input '{"name": "Ada"}'`;
  if (dialects.includes('skilljson'))
    return `npx skein run word_count --input '{"text": "the quick brown fox"}'`;
  if (dialects.includes('agenticdsl'))
    return `npx skein run order_total --input '{"quantity": 3, "unit_price": 2.5}'`;
  if (dialects.includes('skilldoc')) return 'npx skein docs writing-style';
  return `SKEIN_MODEL=openai:gpt-4o-mini npx skein run triage --input '{"message": "My parcel arrived broken."}'`;
}

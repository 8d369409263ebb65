import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { DocLookupError } from '../../documents/errors.js';
import { ERROR_CODES } from '../../errors/index.js';
import { headingLevel, type HeadingLevel } from '../../documents/levels.js';
import { findDocPart } from '../../documents/load-part.js';
import type { DocTokens } from '../../documents/token-stats.js';
import { DIALECT_NAMES, type DialectName, type Skill } from '../../ir/skill.js';
import { BadSkillError, isError, loadPaths } from '../../skills/index.js';
import { openSkein } from '../../host/index.js';
import { parseCommandArgs } from '../args.js';
import { printError } from '../print-error.js';
import { docsGenerateSpec, docsSpec } from '../specs/docs.js';
import { UsageError } from '../usage-error.js';

/** `skein docs`: show a document skill progressively, count its tokens, or generate one. */
export async function docsCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'generate') return generateCommand(argv.slice(1));
  const { values, positionals } = parseCommandArgs(argv, docsSpec.options);
  const json = Boolean(values.json);
  const dialect = values.dialect as DialectName | undefined;
  if (dialect && !DIALECT_NAMES.includes(dialect))
    throw new UsageError(`unknown dialect "${dialect}"; known: ${DIALECT_NAMES.join(', ')}`);
  try {
    if (values.stats) {
      if (!positionals.length) throw new UsageError('docs --stats needs at least one file or folder');
      return await stats(positionals, json, dialect);
    }
    if (positionals.length !== 1) throw new UsageError('docs needs exactly one SKILL');
    return await show(positionals[0], values, json, dialect);
  } catch (e) {
    return reportDocError(e, json);
  }
}

/** `skein docs generate SKILL`. */
async function generateCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, docsGenerateSpec.options);
  const dialect = values.dialect as DialectName | undefined;
  if (dialect && !DIALECT_NAMES.includes(dialect))
    throw new UsageError(`unknown dialect "${dialect}"; known: ${DIALECT_NAMES.join(', ')}`);
  if (positionals.length !== 1) throw new UsageError('docs generate needs exactly one SKILL');
  try {
    return await generate(positionals[0], values, dialect);
  } catch (e) {
    return reportDocError(e, Boolean(values.json));
  }
}

/** A skill that is not there or not a document, or a part that is not there: exit codes from the catalog. */
function reportDocError(e: unknown, json: boolean): number {
  if (e instanceof BadSkillError || e instanceof DocLookupError) return printError(json, e);
  throw e;
}

async function show(
  arg: string,
  values: { summary?: boolean; chunk?: string; level?: string },
  json: boolean,
  dialect?: DialectName,
): Promise<number> {
  const modes = [
    values.summary,
    values.level !== undefined,
    values.chunk !== undefined && values.level === undefined,
  ].filter(Boolean).length;
  if (modes > 1)
    throw new UsageError(
      'choose one of --summary, --chunk ID and --level N (--chunk with --level names a section)',
    );
  const level = values.level === undefined ? undefined : Number(values.level);
  if (level !== undefined && level !== 1 && level !== 2 && level !== 3)
    throw new UsageError(`--level is 1, 2 or 3, not "${values.level}"`);
  if (level === 1 && values.chunk !== undefined)
    throw new UsageError('--level 1 shows the whole outline; --chunk goes with --level 2 or 3');
  const skill = await openSkein().skills.resolve(arg, { dialect });
  if (!skill.doc)
    throw new BadSkillError(
      `${skill.id} (${skill.dialect}) is a skill with steps, not a document; "skein docs generate ${arg}" writes a SKILL.md for it`,
    );
  let text: string;
  if (level !== undefined) text = headingLevel(skill.doc.body, level as HeadingLevel, values.chunk);
  else if (values.chunk !== undefined)
    text = await findDocPart(skill as Skill & { doc: NonNullable<Skill['doc']> }, values.chunk).load();
  else text = skill.doc.summary;
  const part = level !== undefined ? { level } : values.chunk !== undefined ? { chunk: values.chunk } : {};
  if (json)
    process.stdout.write(JSON.stringify({ id: skill.id, version: skill.version, ...part, text }) + '\n');
  else process.stdout.write(`${text}\n`);
  return 0;
}

async function stats(paths: string[], json: boolean, dialect?: DialectName): Promise<number> {
  // The tokenizer and the model SDK load only for the subcommands that need them.
  const { catalogView, docTokensAll, saving, statsTable } = await import('../../documents/index.js');
  const { count, countsAreExact } = await import('../../tokens/index.js');
  const { units } = await loadPaths(paths, { dialect });
  const skills = units.flatMap((u) => u.skills).filter((s) => s.doc);
  const rows: (DocTokens & { file: string })[] = (await docTokensAll(skills)).map((t) => ({
    ...t,
    file: relative(process.cwd(), t.source) || '.',
  }));
  const sum = (k: 'full' | 'summary' | 'withReferences') => rows.reduce((a, r) => a + r[k], 0);
  const totals = {
    full: sum('full'),
    summary: sum('summary'),
    withReferences: sum('withReferences'),
    catalog: count(catalogView(skills)),
  };
  const broken = units.filter((u) => u.diagnostics.some(isError)).length;
  if (json) {
    const documents = rows.map((r) => ({
      id: r.id,
      file: r.file,
      full: r.full,
      summary: r.summary,
      saving: round(saving(r)),
      withReferences: r.withReferences,
    }));
    process.stdout.write(
      JSON.stringify({
        documents,
        total: { ...totals, saving: round(saving(totals)) },
        exact: countsAreExact(),
        errors: broken,
      }) + '\n',
    );
  } else {
    process.stdout.write(
      `${rows.length ? statsTable(rows, totals) : `no document skills in ${paths.join(', ')}`}\n`,
    );
    if (broken)
      process.stdout.write(
        `${broken} file${broken === 1 ? '' : 's'} with errors left out; run skein validate to see them\n`,
      );
    if (!countsAreExact())
      process.stdout.write(
        'token counts are estimated: npm install gpt-tokenizer for exact ones (see skein doctor)\n',
      );
  }
  return rows.length ? 0 : 1;
}

async function generate(
  arg: string,
  values: { out?: string; attempts?: string; model?: string; json?: boolean },
  dialect?: DialectName,
): Promise<number> {
  const attempts = values.attempts === undefined ? 3 : Number(values.attempts);
  if (!Number.isInteger(attempts) || attempts < 1)
    throw new UsageError(`--attempts is a whole number ≥ 1, not "${values.attempts}"`);
  const { generateSkillDoc, GenerateError } = await import('../../documents/index.js');
  const { resolveModel } = await import('../../models/index.js');
  const skein = openSkein();
  const skill = await skein.skills.resolve(arg, { dialect });
  const model = resolveModel(values.model, skein.config);
  try {
    const doc = await generateSkillDoc(skill, {
      model,
      attempts,
      file: values.out,
      onAttempt: (n, problems) => {
        if (problems.length)
          process.stderr.write(
            `attempt ${n}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; asking again\n  ${problems.join('\n  ')}\n`,
          );
      },
    });
    if (values.out) {
      await mkdir(dirname(values.out), { recursive: true });
      await writeFile(values.out, doc.text);
    }
    if (values.json)
      process.stdout.write(
        JSON.stringify({ path: values.out ?? null, attempts: doc.attempts, text: doc.text }) + '\n',
      );
    else if (!values.out) process.stdout.write(doc.text);
    else
      process.stderr.write(`wrote ${values.out} (${doc.attempts} attempt${doc.attempts === 1 ? '' : 's'})\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof GenerateError)) throw e;
    if (!values.json) process.stderr.write(`${e.message}:\n  ${e.problems.join('\n  ')}\n`);
    return values.json ? printError(true, e, { problems: e.problems }) : ERROR_CODES[e.code].exit;
  }
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

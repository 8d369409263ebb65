import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { parseCommandArgs } from '../args.js';
import { watchPaths } from '../watch-paths.js';
import { validateSpec } from '../specs/validate.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import {
  checkCalls,
  dedupeSkills,
  emptyFolders,
  fileReport,
  loadForCheck,
  type CheckedUnit,
  type SkippedPath,
} from '../../skills/index.js';
import { compareDiagnostics, countBySeverity, isError } from '../../ir/diagnostic.js';
import { DIALECT_NAMES, type DialectName } from '../../ir/skill.js';

/** `skein validate PATH... [--json] [--strict] [--dialect NAME] [--verbose] [--watch]`: exit 0 clean, 1 errors. */
export async function validateCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, validateSpec.options);
  if (!positionals.length) throw new UsageError('validate needs at least one file or folder');
  const dialect = values.dialect as DialectName | undefined;
  if (dialect && !DIALECT_NAMES.includes(dialect))
    throw new UsageError(`unknown dialect "${dialect}"; known: ${DIALECT_NAMES.join(', ')}`);
  const check = () => validateOnce(positionals, { ...values, dialect });
  if (!values.watch) return check();
  for (const p of positionals) if (!existsSync(p)) throw new UsageError(`${p}: no such file or folder`);
  return watchPaths(positionals, check);
}

/** Checks the paths once, prints the findings, and returns the exit code. */
async function validateOnce(
  paths: string[],
  values: { dialect?: DialectName; strict?: boolean; json?: boolean; verbose?: boolean },
): Promise<number> {
  const { units, skipped } = await loadForCheck(paths, { dialect: values.dialect });
  units.push(...emptyFolders(paths, units, skipped));
  reportDuplicates(units);
  checkCalls(units);
  // Loaded only when there is something to compare: the router's word lists cost ~20 ms of cold start.
  if (units.reduce((n, u) => n + u.skills.length, 0) > 1)
    (await import('../../routing/index.js')).checkRouteOverlap(units);
  const sources = units.flatMap((u) => u.skills.map((s) => s.source));
  if (sources.length) {
    const hints = await (await import('../../evals/trigger-hints.js')).triggerHints(paths, sources);
    for (const { skill, diagnostic } of hints)
      units
        .find((u) => u.skills.some((s) => s.id === skill))
        ?.diagnostics.push({ ...diagnostic, file: relative(process.cwd(), diagnostic.file) });
  }
  // --strict: every warning (each of the Agent Skills spec's MUSTs among them) is an error; info lines stay.
  if (values.strict)
    for (const u of units) for (const d of u.diagnostics) if (d.severity === 'warning') d.severity = 'error';
  const all = units.flatMap((u) => u.diagnostics);
  const { errors, warnings } = countBySeverity(all);

  if (values.json) process.stdout.write(JSON.stringify(toJson(units, errors, warnings)) + '\n');
  else printHuman(units, skipped, Boolean(values.verbose), errors, warnings);
  return errors ? 1 : 0;
}

/** The same id@version twice is an error on the later unit, as `skein list` judges it. */
function reportDuplicates(units: CheckedUnit[]): void {
  const unitOf = new Map(units.flatMap((u) => u.skills.map((s) => [s, u] as const)));
  for (const twin of dedupeSkills(unitOf.keys()).twins) unitOf.get(twin.skill)!.diagnostics.push(twin.error);
}

function toJson(units: CheckedUnit[], errors: number, warnings: number) {
  return { files: units.map(fileReport), errors, warnings };
}

function printHuman(
  units: CheckedUnit[],
  skipped: SkippedPath[],
  verbose: boolean,
  errors: number,
  warnings: number,
): void {
  const c = colorFor(process.stdout);
  const lines: string[] = [];
  for (const u of units) {
    for (const d of [...u.diagnostics].sort(compareDiagnostics)) {
      if (d.severity === 'info' && !verbose) continue;
      const sev = isError(d)
        ? c.red('error')
        : d.severity === 'warning'
          ? c.yellow('warning')
          : c.dim('info');
      lines.push(`${c.bold(`${d.file}:${d.line}:${d.column}`)}: ${sev} ${c.dim(d.code)} ${d.message}`);
    }
    if (verbose)
      for (const s of u.skills)
        lines.push(`${c.green('ok')} ${u.path} ${c.dim(u.dialect ?? '')} ${s.id}@${s.version}`);
  }
  if (verbose) for (const s of skipped) lines.push(c.dim(`skipped ${s.path} (${s.reason})`));
  const skills = units.reduce((n, u) => n + u.skills.length, 0);
  const summary = `${units.length} file${units.length === 1 ? '' : 's'}, ${skills} skill${skills === 1 ? '' : 's'}, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  lines.push(errors ? c.red(summary) : warnings ? c.yellow(summary) : c.green(summary));
  process.stdout.write(lines.join('\n') + '\n');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { loadConfig } from '../../config/load-config.js';
import {
  deltasBetween,
  deltasWithin,
  hasRegression,
  junitReport,
  markdownReport,
  openExperimentStore,
  readExperiment,
  runExperiment,
  type CaseDelta,
  type ColumnVariant,
  type StoredExperiment,
  type TriggerReport,
} from '../../evals/index.js';
import { parseCommandArgs } from '../args.js';
import { deltaLines, evalMatrix } from '../eval-matrix.js';
import { triggerLines } from '../trigger-table.js';
import { ProgressBar } from '../progress-bar.js';
import { evalCompareSpec, evalSpec } from '../specs/eval.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';

/**
 * `skein eval PATH...`: runs the eval cases of the skills found there over models × variants × trials,
 * each cell a run of the store, stores the experiment, and prints the matrix and the changes against
 * the baseline (or --json); `skein eval compare A B` compares two stored experiments. Exit codes: see
 * the spec's details (src/cli/specs/eval.ts).
 */
export async function evalCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'compare') return compareCommand(argv.slice(1));
  const { values, positionals } = parseCommandArgs(argv, evalSpec.options);
  if (!positionals.length) throw new UsageError('eval needs at least one file or folder of skills');
  const trials = wholeNumber(values.trials, '--trials', 1);
  const concurrency = wholeNumber(values.concurrency, '--concurrency', 4);
  const variants = variantsOf(values);
  const c = colorFor(process.stdout);
  const bar = new ProgressBar(process.stderr, 'cells');
  const result = await runExperiment({
    paths: positionals,
    config: loadConfig(),
    models: values.model ?? [],
    trials,
    concurrency,
    judge: values.judge,
    variants,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.clear();
  const deltas = deltasWithin(result);
  writeReports(values, result, deltas);
  if (values.json) process.stdout.write(JSON.stringify({ ...result, deltas }) + '\n');
  else {
    for (const d of result.diagnostics)
      process.stdout.write(
        c.red(`${relative(process.cwd(), d.file)}:${d.line}:${d.column}: error ${d.code} ${d.message}`) +
          '\n',
      );
    if (!result.experiment.cases.length && !result.triggers.length)
      process.stdout.write(
        'no eval cases found (evals: in cases.yaml beside a skill, or evals/evals.json in its folder)\n',
      );
    else if (result.experiment.cases.length)
      process.stdout.write(evalMatrix(result, c) + deltaLines(deltas, c));
    const triggers = triggerLines(result.triggers, c);
    process.stdout.write(result.experiment.cases.length ? triggers : triggers.replace(/^\n/, ''));
  }
  if (result.diagnostics.length) return 1;
  if (values['fail-on-regression']) return hasRegression(deltas) ? 1 : 0;
  const compared = new Set(result.experiment.columns.filter((col) => !col.baseline).map((col) => col.key));
  const misrouted = result.triggers.some((t) => t.cases.some((x) => !x.passed));
  return misrouted || result.results.some((r) => compared.has(r.column) && !r.passed) ? 1 : 0;
}

/** `skein eval compare EXP_A EXP_B`: B's cases against A's, column by column. */
async function compareCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, evalCompareSpec.options);
  if (positionals.length !== 2)
    throw new UsageError('eval compare needs two experiments: EXP_A (the baseline) and EXP_B');
  const store = await openExperimentStore(loadConfig());
  let sides: StoredExperiment[];
  try {
    sides = [];
    for (const id of positionals) {
      const found = await readExperiment(store, id);
      if (!found) throw new UsageError(`no experiment ${id} in this store (skein eval prints its id)`);
      sides.push(found);
    }
  } finally {
    await store.close();
  }
  const [then, now] = sides;
  const deltas = deltasBetween(then, now);
  writeReports(values, now, deltas);
  const c = colorFor(process.stdout);
  if (values.json)
    process.stdout.write(JSON.stringify({ a: then.experiment.id, b: now.experiment.id, deltas }) + '\n');
  else {
    process.stdout.write(`${now.experiment.id} against ${then.experiment.id}\n`);
    process.stdout.write(
      deltas.length
        ? deltaLines(deltas, c, true)
        : 'nothing to compare: the experiments share no case in a column of the same key\n',
    );
  }
  return hasRegression(deltas) ? 1 : 0;
}

/** The columns' variants the options ask for; at most one way of comparing at a time. */
function variantsOf(values: {
  'without-skill'?: boolean;
  versions?: string;
  against?: string;
}): ColumnVariant[] {
  const asked = [
    values['without-skill'] && '--without-skill',
    values.versions && '--versions',
    values.against && '--against',
  ].filter(Boolean);
  if (asked.length > 1)
    throw new UsageError(`${asked.join(' and ')} cannot be used together; compare one way at a time`);
  if (values['without-skill']) return [{ kind: 'without-skill' }, { kind: 'skill' }];
  if (values.against) return [{ kind: 'ref', ref: values.against }, { kind: 'skill' }];
  if (values.versions !== undefined) {
    const versions = values.versions
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (versions.length < 2)
      throw new UsageError('--versions takes two or more versions: --versions 1.2.0,1.3.0');
    return versions.map((version) => ({ kind: 'version', version }));
  }
  return [];
}

/** Writes --junit and --md when asked. */
function writeReports(
  values: { junit?: string; md?: string },
  result: Pick<StoredExperiment, 'experiment' | 'results'> & { triggers?: readonly TriggerReport[] },
  deltas: readonly CaseDelta[],
): void {
  if (values.junit) writeFileSync(values.junit, junitReport(result, deltas));
  if (values.md) writeFileSync(values.md, markdownReport(result, deltas));
}

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} takes a whole number ≥ 1`);
  return n;
}

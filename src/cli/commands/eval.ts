import { relative } from 'node:path';
import { loadConfig } from '../../config/load-config.js';
import { runExperiment } from '../../evals/index.js';
import { parseCommandArgs } from '../args.js';
import { evalMatrix } from '../eval-matrix.js';
import { ProgressBar } from '../progress-bar.js';
import { evalSpec } from '../specs/eval.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';

/**
 * `skein eval PATH...`: runs the eval cases of the skills found there over the models × trials, each
 * cell a run of the store, stores the experiment, and prints the matrix (or --json). Exit 0 when every
 * case passed in every column, 1 otherwise or when a skill or cases file has errors.
 */
export async function evalCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, evalSpec.options);
  if (!positionals.length) throw new UsageError('eval needs at least one file or folder of skills');
  const trials = wholeNumber(values.trials, '--trials', 1);
  const concurrency = wholeNumber(values.concurrency, '--concurrency', 4);
  const json = Boolean(values.json);
  const c = colorFor(process.stdout);
  const bar = new ProgressBar(process.stderr, 'cells');
  const result = await runExperiment({
    paths: positionals,
    config: loadConfig(),
    models: values.model ?? [],
    trials,
    concurrency,
    judge: values.judge,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.clear();
  if (json) {
    process.stdout.write(JSON.stringify(result) + '\n');
  } else {
    for (const d of result.diagnostics)
      process.stdout.write(
        c.red(`${relative(process.cwd(), d.file)}:${d.line}:${d.column}: error ${d.code} ${d.message}`) +
          '\n',
      );
    if (!result.experiment.cases.length)
      process.stdout.write(
        'no eval cases found (evals: in cases.yaml beside a skill, or evals/evals.json in its folder)\n',
      );
    else process.stdout.write(evalMatrix(result, c));
  }
  return result.diagnostics.length || result.results.some((r) => !r.passed) ? 1 : 0;
}

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} takes a whole number ≥ 1`);
  return n;
}

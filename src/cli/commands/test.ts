import { relative } from 'node:path';
import { loadConfig } from '../../config/load-config.js';
import {
  LEVELS,
  runSuite,
  type CaseResult,
  type Level,
  type RoutingReport,
  type SuiteResult,
} from '../../skill-tests/index.js';
import { parseCommandArgs } from '../args.js';
import { testSpec } from '../specs/test.js';
import { colorFor, type Style } from '../style.js';
import { UsageError } from '../usage-error.js';

/**
 * `skein test PATH...`: runs the cases.yaml of the skills found there, any dialect. L1 and L2 run by
 * default against a scripted local model; L3 and integration run when listed and a real model is
 * configured. Exit 0 when no case failed, 1 otherwise (or when a skill or cases file has errors).
 */
export async function testCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, testSpec.options);
  if (!positionals.length) throw new UsageError('test needs at least one file or folder of skills');
  const levels = (values.level ?? 'L1,L2').split(',').map((l) => l.trim()) as Level[];
  const unknown = levels.filter((l) => !LEVELS.includes(l));
  if (unknown.length)
    throw new UsageError(`unknown level ${unknown.join(', ')}; levels: ${LEVELS.join(', ')}`);
  const repeat = Number(values.repeat ?? 1);
  if (!Number.isInteger(repeat) || repeat < 1) throw new UsageError('--repeat takes a whole number ≥ 1');
  const json = Boolean(values.json);
  const c = colorFor(process.stdout);
  const result = await runSuite({
    paths: positionals,
    levels,
    repeat,
    config: loadConfig(),
    model: values.model,
    onResult: json ? undefined : (r) => process.stdout.write(caseLine(r, repeat, c)),
  });
  if (json) process.stdout.write(JSON.stringify(result) + '\n');
  else printSummary(result, c);
  return result.failed || result.diagnostics.length ? 1 : 0;
}

function caseLine(r: CaseResult, repeat: number, c: Style): string {
  const where = `${relative(process.cwd(), r.file)}:${r.line}`;
  if (r.status === 'skipped')
    return `${c.dim(`– ${r.level.padEnd(11)} ${r.skill} › ${r.name}  skipped: ${r.skipped}`)}\n`;
  const mark = r.status === 'passed' ? c.green('✓') : c.red('✗');
  const rate =
    repeat > 1
      ? `  ${r.passes}/${r.runs} (${Math.round(r.passRate * 100)}%${r.minPassRate < 1 ? `, needs ${Math.round(r.minPassRate * 100)}%` : ''})`
      : '';
  const lines = [`${mark} ${r.level.padEnd(11)} ${r.skill} › ${r.name}${rate}  ${c.dim(`${r.ms} ms`)}`];
  if (r.status === 'failed')
    lines.push(...r.failures.map((f) => c.red(`    ${f}`)), c.dim(`    at ${where}`));
  return lines.join('\n') + '\n';
}

function printSummary(result: SuiteResult, c: Style): void {
  for (const d of result.diagnostics)
    process.stdout.write(
      c.red(`${relative(process.cwd(), d.file)}:${d.line}:${d.column}: error ${d.code} ${d.message}`) + '\n',
    );
  for (const report of result.routing) process.stdout.write(routingLines(report, c));
  if (!result.cases.length && !result.routing.length && !result.diagnostics.length)
    process.stdout.write("no cases found (a skill's cases live in cases.yaml beside it)\n");
  const parts = [
    c.green(`${result.passed} passed`),
    result.failed ? c.red(`${result.failed} failed`) : `0 failed`,
    `${result.skipped} skipped`,
  ];
  process.stdout.write(parts.join(', ') + '\n');
}

/** A routing report: per set, top-1 and none accuracy against the targets, then the confusions. */
function routingLines(r: RoutingReport, c: Style): string {
  const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
  const lines = [
    `${r.passed ? c.green('✓') : c.red('✗')} routing ${relative(process.cwd(), r.file)}  ${c.dim(
      `threshold ${r.threshold}, below ${r.decision.sure} a lead of ${pct(r.decision.margin)}; targets top-1 ≥ ${pct(r.targets.top1)}, none ≥ ${pct(r.targets.none)}`,
    )}`,
  ];
  for (const s of r.sets) {
    const mark = s.passed ? c.green('✓') : c.red('✗');
    lines.push(
      `  ${mark} ${s.set.padEnd(8)} top-1 ${pct(s.top1)} (${s.top1Hits}/${s.inScope} in scope), none ${pct(s.none)} (${s.noneHits}/${s.outOfScope})`,
    );
    for (const f of s.confusions)
      lines.push(
        c.dim(
          `      ${f.expected ?? 'none'} ← ${JSON.stringify(f.request)}: got ${f.got ?? 'none'} (top score ${f.score}) at line ${f.line}`,
        ),
      );
  }
  if (r.calibration)
    lines.push(
      c.dim(
        `  best single threshold for the cases outside "holdout": ${r.calibration.threshold} (top-1 ${pct(r.calibration.top1)}, none ${pct(r.calibration.none)})`,
      ),
    );
  return lines.join('\n') + '\n';
}

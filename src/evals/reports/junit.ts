import type { ExperimentResult } from '../run-experiment.js';
import type { CaseDelta } from '../compare.js';

/**
 * JUnit XML of an experiment: one testsuite per column, one testcase per case in it (classname the
 * skill, name the case); a case under its pass rate, or a regression against the baseline, is a failure.
 */
export function junitReport(
  r: Pick<ExperimentResult, 'experiment' | 'results'>,
  deltas: readonly CaseDelta[] = [],
): string {
  const suites = r.experiment.columns.map((column) => {
    const cases = r.results.filter((x) => x.column === column.key);
    const failures = cases.filter((x) => !x.passed || regressed(deltas, x.case, x.column)).length;
    const time = cases.reduce((n, x) => n + (x.ms * x.trials) / 1000, 0);
    const body = cases.map((x) => {
      const k = r.experiment.cases.find((c) => c.key === x.case)!;
      const regression = regressed(deltas, x.case, x.column);
      const problems = [
        ...(x.passed ? [] : x.failures),
        ...(regression ? [`regression: passed in ${regression.baseline}`] : []),
      ];
      const failure = problems.length
        ? `\n      <failure message="${esc(`${x.passes}/${x.trials} passed${regression ? ', a regression' : ''}`)}">${esc(problems.join('\n'))}</failure>\n    `
        : '';
      return `    <testcase classname="${esc(k.skill)}" name="${esc(`${k.name} [${column.key}]`)}" file="${esc(k.file)}" line="${k.line}" time="${((x.ms * x.trials) / 1000).toFixed(3)}">${failure}</testcase>`;
    });
    return `  <testsuite name="${esc(column.key)}" tests="${cases.length}" failures="${failures}" errors="0" time="${time.toFixed(3)}">\n${body.join('\n')}\n  </testsuite>`;
  });
  const tests = r.results.length;
  const failures = r.results.filter((x) => !x.passed || regressed(deltas, x.case, x.column)).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="skein eval ${esc(r.experiment.id)}" tests="${tests}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}

function regressed(deltas: readonly CaseDelta[], key: string, column: string): CaseDelta | undefined {
  return deltas.find((d) => d.regression && d.case === key && d.column === column);
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

import type { ExperimentResult } from '../run-experiment.js';
import type { CaseDelta } from '../compare.js';
import type { TriggerReport } from '../trigger-evals.js';
import { missText } from './trigger-words.js';

/**
 * JUnit XML of an experiment: one testsuite per column, one testcase per case in it (classname the
 * skill, name the case); a case under its pass rate, or a regression against the baseline, is a failure.
 * Trigger evals add a testsuite per router (`triggers: lexical`), a trigger case routed wrongly failing.
 */
export function junitReport(
  r: Pick<ExperimentResult, 'experiment' | 'results'> & { triggers?: readonly TriggerReport[] },
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
  suites.push(...(r.triggers ?? []).map(triggerSuite));
  const triggerCases = (r.triggers ?? []).flatMap((t) => t.cases);
  const tests = r.results.length + triggerCases.length;
  const failures =
    r.results.filter((x) => !x.passed || regressed(deltas, x.case, x.column)).length +
    triggerCases.filter((x) => !x.passed).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="skein eval ${esc(r.experiment.id)}" tests="${tests}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}

function triggerSuite(t: TriggerReport): string {
  const failures = t.cases.filter((x) => !x.passed).length;
  const body = t.cases.map((x) => {
    const failure = x.passed
      ? ''
      : `\n      <failure message="${esc(`${x.passes}/${x.trials} routed as expected`)}">${esc(missText(x))}</failure>\n    `;
    return `    <testcase classname="${esc(x.skill)}" name="${esc(`${x.name} [triggers: ${t.router}]`)}" file="${esc(x.file)}" line="${x.line}" time="0">${failure}</testcase>`;
  });
  return `  <testsuite name="${esc(`triggers: ${t.router}`)}" tests="${t.cases.length}" failures="${failures}" errors="0" time="0">\n${body.join('\n')}\n  </testsuite>`;
}

function regressed(deltas: readonly CaseDelta[], key: string, column: string): CaseDelta | undefined {
  return deltas.find((d) => d.regression && d.case === key && d.column === column);
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

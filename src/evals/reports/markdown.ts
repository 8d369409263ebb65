import type { CaseDelta } from '../compare.js';
import type { ExperimentResult } from '../run-experiment.js';
import type { CaseColumnResult } from '../summary.js';
import type { TriggerReport } from '../trigger-evals.js';
import { confusionText, missText, rateText } from './trigger-words.js';

/**
 * A Markdown report for a pull request: the matrix (cases × columns: passes over trials, mean latency,
 * cost), the changes against the baseline with regressions first, and why each failing case failed.
 */
export function markdownReport(
  r: Pick<ExperimentResult, 'experiment' | 'results'> & { triggers?: readonly TriggerReport[] },
  deltas: readonly CaseDelta[] = [],
): string {
  const { experiment, results } = r;
  const by = new Map(results.map((x) => [`${x.case}\u0000${x.column}`, x]));
  const failed = results.filter((x) => !x.passed);
  const out = [
    `### skein eval: ${results.length - failed.length} of ${results.length} passed`,
    '',
    `Experiment \`${experiment.id}\` · ${experiment.trials} trial${experiment.trials === 1 ? '' : 's'} per cell`,
    '',
    `| case | ${experiment.columns.map((c) => cellEscape(c.key)).join(' | ')} |`,
    `|---|${experiment.columns.map(() => '---').join('|')}|`,
    ...experiment.cases.map(
      (k) =>
        `| ${cellEscape(k.key)} | ${experiment.columns.map((c) => cell(by.get(`${k.key}\u0000${c.key}`))).join(' | ')} |`,
    ),
  ];
  const changed = [...deltas]
    .filter((d) => d.delta !== 0 || d.regression)
    .sort((a, b) => Number(b.regression) - Number(a.regression) || a.delta - b.delta);
  if (changed.length) {
    out.push(
      '',
      '#### Against the baseline',
      '',
      '| case | column | baseline | pass rate | change |',
      '|---|---|---|---|---|',
    );
    for (const d of changed)
      out.push(
        `| ${d.regression ? '**regression** ' : ''}${cellEscape(d.case)} | ${cellEscape(d.column)} | ${cellEscape(d.baseline)} | ${pct(d.baselinePassRate)} → ${pct(d.passRate)} | ${d.delta > 0 ? '+' : ''}${Math.round(d.delta * 100)} pts |`,
      );
  }
  if (failed.length) {
    out.push('', '<details><summary>Failures</summary>', '');
    for (const x of failed)
      out.push(
        `- **${cellEscape(x.case)}** [${cellEscape(x.column)}]: ${x.failures.map(cellEscape).join('; ')}`,
      );
    out.push('', '</details>');
  }
  for (const t of r.triggers ?? []) out.push(...triggerSection(t));
  return out.join('\n') + '\n';
}

/** A router's trigger evals: per skill its trigger rate, false triggers and confusions; the cases routed wrongly. */
function triggerSection(t: TriggerReport): string[] {
  const trials = t.trials === 1 ? '' : `, ${t.trials} trials`;
  const failed = t.cases.filter((x) => !x.passed);
  return [
    '',
    `#### Trigger evals (router: ${cellEscape(t.router)}${trials}): ${t.cases.length - failed.length} of ${t.cases.length} routed as expected`,
    '',
    '| skill | trigger rate | false triggers | confusions |',
    '|---|---|---|---|',
    ...t.skills.map(
      (s) =>
        `| ${cellEscape(s.skill)} | ${rateText(s)} | ${s.falseTriggers} | ${cellEscape(confusionText(s))} |`,
    ),
    ...(failed.length ? [''] : []),
    ...failed.map(
      (x) => `- ❌ **${cellEscape(x.skill)} › ${cellEscape(x.name)}**: ${cellEscape(missText(x))}`,
    ),
  ];
}

function cell(x: CaseColumnResult | undefined): string {
  if (!x) return '–';
  const cost = x.costUsd === undefined ? '' : ` · $${x.costUsd.toPrecision(2)}`;
  return `${x.passed ? '✅' : '❌'} ${x.passes}/${x.trials} · ${x.ms} ms${cost}`;
}

function pct(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function cellEscape(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

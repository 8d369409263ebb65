import { relative } from 'node:path';
import { confusionText, missText, rateText, type TriggerReport } from '../evals/index.js';
import type { Style } from './style.js';

/**
 * The trigger evals in the terminal, one block per router: per skill its trigger rate, false triggers and
 * confusions (who won its prompts instead), then each case that routed wrongly.
 */
export function triggerLines(reports: readonly TriggerReport[], c: Style): string {
  const out: string[] = [];
  for (const report of reports) {
    const header = ['skill', 'trigger rate', 'false triggers', 'confusions'];
    const rows = report.skills.map((s) => [s.skill, rateText(s), String(s.falseTriggers), confusionText(s)]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cols: string[]) =>
      cols
        .map((text, i) => text.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    const trials = report.trials === 1 ? '' : `, ${report.trials} trials`;
    out.push('', c.bold(`trigger evals (router: ${report.router}${trials})`), c.bold(line(header)));
    for (const [i, row] of rows.entries()) {
      const s = report.skills[i];
      const bad = (s.triggerRate !== null && s.triggerRate < 1) || s.falseTriggers > 0;
      out.push(bad ? c.red(line(row)) : c.green(line(row)));
    }
    const failed = report.cases.filter((r) => !r.passed);
    for (const r of failed) {
      out.push(c.red(`✗ ${r.skill} › ${r.name}: ${missText(r)}`));
      out.push(c.dim(`    "${r.prompt}" at ${relative(process.cwd(), r.file)}:${r.line}`));
    }
    out.push(
      `${report.cases.length - failed.length} of ${report.cases.length} trigger cases routed as expected`,
    );
  }
  return out.length ? out.join('\n') + '\n' : '';
}

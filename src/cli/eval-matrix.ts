import { relative } from 'node:path';
import type { CaseColumnResult, CaseDelta, ExperimentResult } from '../evals/index.js';
import type { Style } from './style.js';

/**
 * The terminal report of an experiment: a matrix of cases × columns (pass count over trials, mean
 * latency, cost), then why each failing case failed, then the totals and the experiment's id.
 */
export function evalMatrix(r: ExperimentResult, c: Style): string {
  const { experiment, results } = r;
  const cell = new Map(results.map((x) => [`${x.case}\u0000${x.column}`, x]));
  const header = ['case', ...experiment.columns.map((col) => col.key)];
  const rows = experiment.cases.map((k) => [
    k.key,
    ...experiment.columns.map((col) => {
      const x = cell.get(`${k.key}\u0000${col.key}`);
      return x ? cellText(x) : '–';
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cols: string[], paint = (s: string) => s) =>
    cols
      .map((text, i) => paint(text.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [c.bold(line(header))];
  for (const row of rows)
    out.push(
      row
        .map((text, i) => {
          const padded = text.padEnd(widths[i]);
          if (i === 0) return padded;
          return text.startsWith('✓')
            ? c.green(padded)
            : text.startsWith('✗')
              ? c.red(padded)
              : c.dim(padded);
        })
        .join('  ')
        .trimEnd(),
    );
  const failed = results.filter((x) => !x.passed);
  if (failed.length) out.push('');
  for (const x of failed) {
    const k = experiment.cases.find((e) => e.key === x.case)!;
    out.push(c.red(`✗ ${x.case} [${x.column}]`));
    out.push(...x.failures.map((f) => c.red(`    ${f}`)));
    out.push(
      c.dim(
        `    at ${relative(process.cwd(), k.file)}:${k.line}${x.runIds.length ? `; runs ${x.runIds.map((id) => id.slice(0, 8)).join(', ')}` : ''}`,
      ),
    );
  }
  const passed = results.length - failed.length;
  out.push(
    '',
    `${c.green(`${passed} passed`)}, ${failed.length ? c.red(`${failed.length} failed`) : '0 failed'} (case × column) · ${r.cells.length} runs · experiment ${experiment.id}`,
  );
  return out.join('\n') + '\n';
}

/** `✓ 3/3 · 120 ms · $0.0012` */
function cellText(x: CaseColumnResult): string {
  const mark = x.passed ? '✓' : '✗';
  const cost = x.costUsd === undefined ? '' : ` · $${x.costUsd.toPrecision(2)}`;
  return `${mark} ${x.passes}/${x.trials} · ${x.ms} ms${cost}`;
}

/**
 * The changes against the baseline: every case whose pass rate moved, regressions first (`all`: every
 * case compared), and the count of better, worse and regressed cases.
 */
export function deltaLines(deltas: readonly CaseDelta[], c: Style, all = false): string {
  if (!deltas.length) return '';
  const shown = deltas
    .filter((d) => all || d.delta !== 0 || d.regression)
    .sort((a, b) => Number(b.regression) - Number(a.regression) || a.delta - b.delta);
  const out = ['', c.bold('against the baseline')];
  for (const d of shown) {
    const points = `${d.delta > 0 ? '+' : ''}${Math.round(d.delta * 100)} pts`;
    const text = `${points.padStart(9)}  ${d.case} [${d.column}] ${pct(d.baselinePassRate)} → ${pct(d.passRate)} (vs ${d.baseline})`;
    out.push(
      d.regression
        ? c.red(`${text}  REGRESSION`)
        : d.delta > 0
          ? c.green(text)
          : d.delta < 0
            ? c.red(text)
            : c.dim(text),
    );
  }
  const better = deltas.filter((d) => d.delta > 0).length;
  const worse = deltas.filter((d) => d.delta < 0).length;
  const regressions = deltas.filter((d) => d.regression).length;
  out.push(`${better} better, ${worse} worse, ${regressions} regression${regressions === 1 ? '' : 's'}`);
  return out.join('\n') + '\n';
}

function pct(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

import { saving, type DocTokens } from './token-stats.js';

/** Totals over several documents, and the tokens of their catalog view. */
export interface StatsTotals {
  full: number;
  summary: number;
  withReferences: number;
  catalog: number;
}

/** The `skein docs --stats` table: file, full tokens, summary tokens, saving, body with references; then totals. */
export function statsTable(rows: readonly (DocTokens & { file: string })[], totals: StatsTotals): string {
  const head = ['file', 'full', 'summary', 'saving', 'with refs'];
  const body = rows.map((r) => [r.file, n(r.full), n(r.summary), pct(saving(r)), n(r.withReferences)]);
  body.push(['total', n(totals.full), n(totals.summary), pct(saving(totals)), n(totals.withReferences)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    line(head),
    rule,
    ...body.slice(0, -1).map(line),
    rule,
    line(body[body.length - 1]),
    '',
    `catalog view (name, description, chunks or reference files): ${n(totals.catalog)} tokens for ${rows.length} document${rows.length === 1 ? '' : 's'}`,
    'tokens: o200k_base; full = the body without the frontmatter, summary = core + list of parts',
  ].join('\n');
}

function n(v: number): string {
  return v.toLocaleString('en-US');
}

function pct(v: number): string {
  return `${Math.round(v * 100)}%`;
}

import { cellText, type Report } from './report.js';

/** The report as CSV: UTF-8 with a byte order mark (so Excel reads Chinese), CRLF line ends, fields quoted when needed. */
export function reportToCsv(report: Report): Buffer {
  const lines = [report.columns.map((c) => c.header), ...report.rows.map((row) => report.columns.map((c) => cellText(row[c.key])))];
  const text = lines.map((fields) => fields.map(csvField).join(',')).join('\r\n');
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// The sample reports behind the file_generator example tool: examples/data/reports.json, keyed by report id.
import { readFile } from 'node:fs/promises';

export interface Report {
  id: string;
  title: string;
  columns: { key: string; header: string }[];
  rows: Record<string, string | number | null>[];
}

const reportsFile = new URL('../../data/reports.json', import.meta.url);

/** The report with this id; an unknown id is an error listing the ids that exist. */
export async function loadReport(id: string): Promise<Report> {
  const reports = JSON.parse(await readFile(reportsFile, 'utf8')) as Record<string, Omit<Report, 'id'>>;
  const report = reports[id];
  if (!report) throw new Error(`no report "${id}"; known reports: ${Object.keys(reports).join(', ')}`);
  return { id, ...report };
}

/** A cell as text: numbers as JavaScript writes them, missing values empty. */
export function cellText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

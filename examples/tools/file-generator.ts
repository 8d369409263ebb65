// Example tool for examples/skills/export_report.md: writes a report from examples/data/reports.json as a file.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineTool } from '../../src/runtime/ports/tool.js';
import { reportToCsv } from './reports/csv.js';
import { reportToPdf } from './reports/pdf.js';
import { loadReport, type Report } from './reports/report.js';
import { reportToXlsx } from './reports/xlsx.js';

const FORMATS: Record<string, { extension: string; mimeType: string; write(report: Report): Buffer | Promise<Buffer> }> = {
  PDF: { extension: 'pdf', mimeType: 'application/pdf', write: reportToPdf },
  Excel: { extension: 'xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', write: reportToXlsx },
  CSV: { extension: 'csv', mimeType: 'text/csv', write: reportToCsv },
};

/** `file_generator`: writes report `report_id` as PDF, Excel or CSV into `<workspace>/exports/`; writes `file_url`, `file_name`, `file_size`, `mime_type`. */
export default defineTool({
  name: 'file_generator',
  description: 'Exports a sample report (e.g. RPT-2024Q1-SALES) as a PDF, Excel or CSV file in the workspace’s exports folder.',
  inputSchema: {
    type: 'object',
    properties: {
      report_id: { type: 'string', minLength: 1, description: 'Report id, e.g. RPT-2024Q1-SALES' },
      format: { type: 'string', enum: Object.keys(FORMATS) },
    },
    required: ['report_id', 'format'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      file_url: { type: 'string', description: 'file:// URL of the file written' },
      file_name: { type: 'string' },
      file_size: { type: 'integer', description: 'Bytes on disk' },
      mime_type: { type: 'string' },
    },
  },
  async execute(input, ctx) {
    const report = await loadReport(String(input.report_id));
    const format = FORMATS[String(input.format)];
    const folder = join(ctx.workspace, 'exports');
    await mkdir(folder, { recursive: true });
    // Report ids come from reports.json; anything odd in one still cannot leave the folder.
    const fileName = `${report.id.replace(/[^\w.-]/g, '_')}.${format.extension}`;
    const file = join(folder, fileName);
    await writeFile(file, await format.write(report));
    ctx.log(`wrote ${file}`);
    return { file_url: pathToFileURL(file).href, file_name: fileName, file_size: (await stat(file)).size, mime_type: format.mimeType };
  },
});

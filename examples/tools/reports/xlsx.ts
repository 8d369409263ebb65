import { cellText, type Report } from './report.js';

/**
 * The report as an Excel workbook: one sheet, a bold header row, numbers kept as numbers. `exceljs` is
 * a development dependency of Skein, loaded only here: outside the repository, `npm install exceljs`.
 */
export async function reportToXlsx(report: Report): Promise<Buffer> {
  let ExcelJS: (typeof import('exceljs'))['default'];
  try {
    ExcelJS = (await import('exceljs')).default;
  } catch {
    throw new Error('the Excel format needs the exceljs package: npm install exceljs');
  }
  const workbook = new ExcelJS.Workbook();
  workbook.title = report.title;
  workbook.creator = 'Skein example file_generator';
  // Sheet names are at most 31 characters and cannot contain []:*?/\
  const sheet = workbook.addWorksheet(report.id.replace(/[[\]:*?/\\]/g, '_').slice(0, 31));
  sheet.columns = report.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(displayWidth(c.header), ...report.rows.map((r) => displayWidth(cellText(r[c.key])))) + 2,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(report.rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Columns a text takes in a spreadsheet: Chinese characters count twice. */
function displayWidth(text: string): number {
  return [...text].reduce((width, ch) => width + (ch.charCodeAt(0) < 0x80 ? 1 : 2), 0);
}

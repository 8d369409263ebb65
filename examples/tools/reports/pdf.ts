import { cellText, type Report } from './report.js';

const PAGE = { width: 595, height: 842 }; // A4, in points
const MARGIN = 56;
const FONT_SIZE = 11;
const LEADING = 18;
const LINES_PER_PAGE = Math.floor((PAGE.height - 2 * MARGIN) / LEADING);

/**
 * The report as a PDF written by hand: the title and a text table. Text uses STSong-Light, one of
 * the standard Chinese fonts PDF viewers supply themselves (nothing is embedded), encoded as UCS-2;
 * characters beyond the Basic Multilingual Plane print as "?".
 */
export function reportToPdf(report: Report): Buffer {
  const lines = [report.title, `报表编号：${report.id}`, '', ...tableLines(report)];
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${6 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>',
    // CIDs 1–95 of Adobe-GB1 are the half-width ASCII glyphs.
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  for (const [i, pageLines] of pages.entries()) {
    const content = ['BT', `/F1 ${FONT_SIZE} Tf`, `${LEADING} TL`, `${MARGIN} ${PAGE.height - MARGIN} Td`, ...pageLines.map((l) => `<${ucs2Hex(l)}> Tj T*`), 'ET'].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${7 + 2 * i} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  // Everything above is ASCII, so string lengths are byte offsets; the second line marks the file as binary.
  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The table as lines of text, columns padded to line up (a Chinese character is as wide as two ASCII ones); numbers aligned right. */
function tableLines(report: Report): string[] {
  const cells = [report.columns.map((c) => c.header), ...report.rows.map((row) => report.columns.map((c) => cellText(row[c.key])))];
  const widths = report.columns.map((_, i) => Math.max(...cells.map((r) => width(r[i]))));
  const numeric = report.columns.map((c) => report.rows.every((r) => typeof r[c.key] === 'number'));
  return cells.map((r) =>
    r
      .map((text, i) => {
        const pad = ' '.repeat(widths[i] - width(text));
        return numeric[i] ? pad + text : text + pad;
      })
      .join('    ')
      .trimEnd(),
  );
}

function width(text: string): number {
  return [...text].reduce((w, ch) => w + (ch.charCodeAt(0) < 0x80 ? 1 : 2), 0);
}

/** UTF-16 code units as hex, which the UniGB-UCS2-H encoding reads as UCS-2. */
function ucs2Hex(text: string): string {
  return [...text]
    .map((ch) => (ch.length === 1 ? ch : '?').charCodeAt(0).toString(16).padStart(4, '0'))
    .join('')
    .toUpperCase();
}

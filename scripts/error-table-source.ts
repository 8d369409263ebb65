// The table of error codes in docs/errors.md, written from the catalog (src/errors/catalog.ts) by
// `npm run generate`; a unit test fails when the page is out of date.
import { readFileSync } from 'node:fs';
import { ERROR_CODE_LIST, ERROR_CODES } from '../src/errors/index.js';

export const ERRORS_PAGE = new URL('../docs/errors.md', import.meta.url);
const START = '<!-- error table: written by npm run generate -->';
const END = '<!-- end of error table -->';

/** The markdown table: one row per code, in the catalog's order. */
export function errorTable(): string {
  const rows = ERROR_CODE_LIST.map((code) => {
    const r = ERROR_CODES[code];
    const kind = r.kind === 'refusal' ? 'refusal' : 'run error';
    return `| \`${code}\` | ${kind} | ${r.http} | ${r.exit} | ${r.mcp} | ${r.clientFault ? 'yes' : 'no'} | ${r.about} |`;
  });
  return [
    '| code | kind | HTTP | exit | MCP | caller’s fault | meaning |',
    '| ---- | ---- | ---- | ---- | --- | -------------- | ------- |',
    ...rows,
  ].join('\n');
}

/** docs/errors.md with its table replaced by the current one. */
export function errorsPageSource(): string {
  const page = readFileSync(ERRORS_PAGE, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/errors.md lacks the markers ${START} … ${END}`);
  return `${page.slice(0, start + START.length)}\n\n${errorTable()}\n\n${page.slice(end)}`;
}

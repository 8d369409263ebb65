import type { FileDialect } from '../dialect.js';
import { compileAgenticDsl } from './compile.js';
import { hasAgenticDsl } from './scan.js';

const MENTION = /^#{1,6}[ \t]+AgenticDSL\b/m;

/** AgenticDSL computation graphs: `### AgenticDSL \`/path\`` headings with YAML blocks. */
export const agenticdsl: FileDialect = {
  name: 'agenticdsl',
  claimsFile: (path, text) => path.endsWith('.md') && hasAgenticDsl(text),
  loadFile: (path, text) => compileAgenticDsl(path, text),
  resembles: (path, text) =>
    path.endsWith('.md') && MENTION.test(text)
      ? 'a heading names AgenticDSL, but no block follows in the form ### AgenticDSL `/path` and a ```yaml block'
      : undefined,
};

export { compileAgenticDsl } from './compile.js';
export type { AgenticDslCode } from './reporter.js';

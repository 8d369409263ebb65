import type { FileDialect } from '../dialect.js';
import { compileAgenticDsl } from './compile.js';
import { hasAgenticDsl } from './scan.js';

/** AgenticDSL computation graphs: `### AgenticDSL \`/path\`` headings with YAML blocks. */
export const agenticdsl: FileDialect = {
  name: 'agenticdsl',
  claimsFile: (path, text) => path.endsWith('.md') && hasAgenticDsl(text),
  loadFile: (path, text) => compileAgenticDsl(path, text),
};

export { compileAgenticDsl } from './compile.js';
export type { AgenticDslCode } from './reporter.js';

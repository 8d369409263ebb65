import type { FileDialect } from '../dialect.js';
import { compileAgenticDsl } from './compile.js';
import { hasAgenticDsl } from './scan.js';

/** AgenticDSL computation graphs: `### AgenticDSL \`/path\`` headings with YAML blocks. */
export const agenticdsl: FileDialect = {
  name: 'agenticdsl',
  claimsFile: (path, text) => path.endsWith('.md') && hasAgenticDsl(text),
  // No `resembles`: a heading outside code samples already claims the file (its errors then say what
  // is missing), and one inside a fence or a code span is a mention, not a graph.
  loadFile: (path, text) => compileAgenticDsl(path, text),
};

export { compileAgenticDsl } from './compile.js';
export { AWAIT_TOOL } from './nodes/await-tool.js';
export type { AgenticDslCode } from './reporter.js';

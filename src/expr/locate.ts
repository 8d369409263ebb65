import type { SourceRef } from '../ir/expr.js';

/** The file position of `source[offset]`, given the file position of `source[0]`. */
export function locate(at: SourceRef, source: string, offset: number): SourceRef {
  let line = at.line;
  let lineStart = -1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i;
  }
  const column = lineStart === -1 ? at.column + offset : offset - lineStart;
  return { file: at.file, line, column };
}

import type { Diagnostic } from '../../ir/diagnostic.js';
import type { SourceRef } from '../../ir/expr.js';
import type { SourceText } from '../../ir/source.js';

/** Collects the diagnostics of one AgenticDSL file; codes get the `agenticdsl/` prefix. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly src: SourceText) {}

  /** Records an error spanning `[start, end)`. */
  error(code: string, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('error', `agenticdsl/${code}`, message, start, end));
  }

  /** Records a warning spanning `[start, end)`. */
  warn(code: string, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('warning', `agenticdsl/${code}`, message, start, end));
  }

  /** The file position of an offset, for compiled expressions and node locations. */
  ref(offset: number): SourceRef {
    const { line, column } = this.src.position(offset);
    return { file: this.src.file, line, column };
  }

  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}

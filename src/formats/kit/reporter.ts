import { isError, type Diagnostic } from '../../ir/diagnostic.js';
import type { SourceRef } from '../../ir/expr.js';
import type { SourceText } from '../../ir/source.js';

/**
 * Collects the diagnostics of one file of a dialect; `Code` is the dialect's union of codes, which get
 * the dialect's prefix (`aegis/…`).
 */
export class FileReporter<Code extends string = string> {
  constructor(
    readonly src: SourceText,
    private readonly prefix: string,
    readonly diagnostics: Diagnostic[] = [],
  ) {}

  /** A reporter for another file of the same skill, sharing the list. */
  forFile(src: SourceText): FileReporter<Code> {
    return new FileReporter<Code>(src, this.prefix, this.diagnostics);
  }

  /** Records an error spanning `[start, end)`. */
  error(code: Code, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('error', `${this.prefix}/${code}`, message, start, end));
  }

  /** Records a warning spanning `[start, end)`. */
  warn(code: Code, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('warning', `${this.prefix}/${code}`, message, start, end));
  }

  /** The file position of an offset, for compiled expressions and node locations. */
  ref(offset: number): SourceRef {
    const { line, column } = this.src.position(offset);
    return { file: this.src.file, line, column };
  }

  get failed(): boolean {
    return this.diagnostics.some(isError);
  }
}

import type { Diagnostic } from '../../ir/diagnostic.js';
import type { SourceRef } from '../../ir/expr.js';
import type { SourceText } from '../../ir/source.js';

/** Collects the diagnostics of one skill (skill.json and its prompt.md), codes prefixed `skilljson/`. */
export class Reporter {
  constructor(
    readonly src: SourceText,
    readonly diagnostics: Diagnostic[] = [],
  ) {}

  /** A reporter for another file of the same skill, sharing the list. */
  forFile(src: SourceText): Reporter {
    return new Reporter(src, this.diagnostics);
  }

  /** Records an error spanning `[start, end)`. */
  error(code: string, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('error', `skilljson/${code}`, message, start, end));
  }

  /** Records a warning spanning `[start, end)`. */
  warn(code: string, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('warning', `skilljson/${code}`, message, start, end));
  }

  /** The file position of an offset, for compiled expressions. */
  ref(offset: number): SourceRef {
    const { line, column } = this.src.position(offset);
    return { file: this.src.file, line, column };
  }

  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}

import type { Diagnostic } from '../../ir/diagnostic.js';
import type { SourceText } from '../../ir/source.js';

/** Collects the diagnostics of one skill document, with `skilldoc/` codes. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly src: SourceText) {}

  /** Records an error spanning `[start, end)`. */
  error(code: string, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('error', `skilldoc/${code}`, message, start, end));
  }

  /** Records a warning spanning `[start, end)`. */
  warn(code: string, message: string, start: number, end?: number): void {
    this.diagnostics.push(this.src.diagnostic('warning', `skilldoc/${code}`, message, start, end));
  }

  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}

import { isError, type Diagnostic } from '../../ir/diagnostic.js';
import type { SourceRef } from '../../ir/expr.js';
import type { OffsetEdit, SourceText } from '../../ir/source.js';

/** Per shared list of diagnostics: how many were counted so far, and how many of those are errors. */
const COUNTED = new WeakMap<Diagnostic[], { seen: number; errors: number }>();

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

  /** Records an error spanning `[start, end)`, with the edit that fixes it if there is one. */
  error(code: Code, message: string, start: number, end?: number, fix?: OffsetEdit): void {
    this.diagnostics.push(this.src.diagnostic('error', `${this.prefix}/${code}`, message, start, end, fix));
  }

  /** Records a warning spanning `[start, end)`, with the edit that fixes it if there is one. */
  warn(code: Code, message: string, start: number, end?: number, fix?: OffsetEdit): void {
    this.diagnostics.push(this.src.diagnostic('warning', `${this.prefix}/${code}`, message, start, end, fix));
  }

  /** Records an info line: something accepted that is worth knowing (never an error, even with --strict). */
  info(code: Code, message: string, start: number, end?: number, fix?: OffsetEdit): void {
    this.diagnostics.push(this.src.diagnostic('info', `${this.prefix}/${code}`, message, start, end, fix));
  }

  /** The file position of an offset, for compiled expressions and node locations. */
  ref(offset: number): SourceRef {
    const { line, column } = this.src.position(offset);
    return { file: this.src.file, line, column };
  }

  /** How many errors the list holds; counts only what came since the last count (per node, a scan was quadratic). */
  get errors(): number {
    let counted = COUNTED.get(this.diagnostics);
    if (!counted || counted.seen > this.diagnostics.length) {
      counted = { seen: 0, errors: 0 };
      COUNTED.set(this.diagnostics, counted);
    }
    for (; counted.seen < this.diagnostics.length; counted.seen++)
      if (isError(this.diagnostics[counted.seen])) counted.errors++;
    return counted.errors;
  }

  get failed(): boolean {
    return this.errors > 0;
  }
}

import { LineCounter } from 'yaml';
import type { Diagnostic, Position, Severity } from './diagnostic.js';

/** A replacement of `[start, end)` of a file's text by `text`, in offsets. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The text of one file. Front ends pass offsets around; line and column are computed (with the
 * `yaml` package's LineCounter) only when a diagnostic is made.
 */
export class SourceText {
  private lines: LineCounter | undefined;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {}

  /** Converts a 0-based offset into a 1-based line and column. */
  position(offset: number): Position {
    const { line, col } = (this.lines ??= countLines(this.text)).linePos(offset);
    return { line, column: col };
  }

  /** Builds a diagnostic spanning `[start, end)` of this file, with the edit that fixes it if given. */
  diagnostic(
    severity: Severity,
    code: string,
    message: string,
    start: number,
    end?: number,
    fix?: OffsetEdit,
  ): Diagnostic {
    const at = this.position(start);
    const d: Diagnostic = { file: this.file, line: at.line, column: at.column, severity, code, message };
    if (end !== undefined && end > start) d.end = this.position(end);
    if (fix) d.fix = { start: this.position(fix.start), end: this.position(fix.end), text: fix.text };
    return d;
  }
}

function countLines(text: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) counter.addNewLine(i + 1);
  return counter;
}

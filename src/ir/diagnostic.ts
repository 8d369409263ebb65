/**
 * How bad a finding is: an error keeps the skill from loading, a warning does not (`--strict` makes it
 * an error), an info line only notes something accepted (a client's own frontmatter field).
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in UTF-16 code units. */
  column: number;
}

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  end?: Position;
  severity: Severity;
  /** Stable code such as `aegis/missing-varname`; tests and tools match on it. */
  code: string;
  /** A sentence a person or an LLM can act on: what is wrong and what a correct form looks like. */
  message: string;
  /** The edit that makes the finding go away, when there is one: replace `start`–`end` with `text`. */
  fix?: TextEdit;
}

/** A replacement of part of a file: from `start` up to (not including) `end`. */
export interface TextEdit {
  start: Position;
  end: Position;
  text: string;
}

/** Whether a diagnostic is an error (it keeps the skill from loading or running), not a warning. */
export function isError(d: Diagnostic): boolean {
  return d.severity === 'error';
}

/** The errors among some diagnostics. */
export function errorsIn(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(isError);
}

/** Counts errors, warnings and info lines in a list of diagnostics. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): {
  errors: number;
  warnings: number;
  infos: number;
} {
  const n = { errors: 0, warnings: 0, infos: 0 };
  for (const d of diagnostics) {
    if (isError(d)) n.errors++;
    else if (d.severity === 'warning') n.warnings++;
    else n.infos++;
  }
  return n;
}

/** Orders diagnostics by file, then line, then column. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
}

/** One finding about a skill file: where it is, how bad it is, and what to do about it. */
export type Severity = 'error' | 'warning';

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
}

/** Whether a diagnostic is an error (it keeps the skill from loading or running), not a warning. */
export function isError(d: Diagnostic): boolean {
  return d.severity === 'error';
}

/** The errors among some diagnostics. */
export function errorsIn(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter(isError);
}

/** Counts errors and warnings in a list of diagnostics. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (isError(d)) errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/** Orders diagnostics by file, then line, then column. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column;
}

import { SkeinError } from '../errors/index.js';
/**
 * What the runtime needs from compiled expressions and templates. Each surface syntax (Aegis `{{ }}`,
 * `when`, Inja, pipeline pipes) lives in src/expr and compiles to these shapes once, at load time.
 */

/** The variables an expression reads: the run's context, or a child scope of it. */
export type Scope = Readonly<Record<string, unknown>>;

/** A location in a skill file, for error messages. */
export interface SourceRef {
  file: string;
  line: number;
  column: number;
}

/** A compiled text template. */
export interface Template {
  readonly source: string;
  /** Root variable names the template reads, for checks and dependency analysis. */
  readonly refs: readonly string[];
  render(scope: Scope): string;
}

/** A compiled expression that yields a typed value (a tool's input, an assignment, a run's output). */
export interface ValueExpr {
  readonly refs: readonly string[];
  evaluate(scope: Scope): unknown;
  /**
   * Like `evaluate`, but text that interpolates values comes back as `Interpolated`, so a tool can
   * bind the values instead of splicing them (SQL parameters).
   */
  evaluateInterpolated?(scope: Scope): unknown;
  /**
   * The value as its file wrote it, when a front end keeps it: JSON whose strings hold the dialect's
   * template syntax (a tool's `input`). Read by converters only (src/convert), never by the runtime.
   */
  readonly written?: unknown;
}

/** Text with its interpolated values kept apart, like a JS tagged template: strings.length = values.length + 1. */
export class Interpolated {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
    /** The text as it renders. */
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }

  /** Events and logs show the text as it renders. */
  toJSON(): string {
    return this.text;
  }
}

/** A compiled guard. */
export interface Condition {
  readonly source: string;
  readonly refs: readonly string[];
  /** When the compiler can tell: the condition holds exactly when one path's value is one of some literals. */
  readonly choice?: ConditionChoice;
  test(scope: Scope): boolean;
}

/** A condition that holds exactly when the value at `path` (`kind`, `order.type`) is one of `values`. */
export interface ConditionChoice {
  readonly path: string;
  readonly values: readonly (string | number | boolean | null)[];
}

/** Thrown when an expression cannot be evaluated (division by zero, a missing Inja variable, …). */
export class EvaluationError extends SkeinError {
  constructor(
    message: string,
    readonly at?: SourceRef,
  ) {
    super('evaluation_failed', at ? `${message} (${at.file}:${at.line}:${at.column})` : message);
    this.name = 'EvaluationError';
  }
}

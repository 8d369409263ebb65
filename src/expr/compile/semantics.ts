import type { Site } from './site.js';

/** A function an expression can call (an Inja builtin, a pipeline pipe). */
export interface ExprFunction {
  /** Fewest and most arguments accepted; checked when the call compiles. */
  arity: readonly [min: number, max: number];
  /**
   * How many leading arguments may name variables that do not exist: they arrive as `undefined`
   * instead of going through `Semantics.missing` (Inja's `default` and `exists`).
   */
  lenientArgs?: number;
  /** Computes the result; `site.fail(message)` reports a bad argument at the call. */
  call(args: unknown[], site: Site): unknown;
}

/** The rules where surface syntaxes differ; each syntax passes its own to the compiler. */
export interface Semantics {
  /**
   * What reading an absent variable, field or element yields (Aegis: null); may throw instead, through
   * `site.fail` (Inja: the node fails naming the variable).
   */
  missing(path: string, site: Site): unknown;
  /** How a value displays as text, in an interpolation or a string concatenation. */
  format(value: unknown): string;
  /** Whether a value counts as true for `!`, `&&`, `||` and a guard. */
  truthy(value: unknown): boolean;
  /** The functions calls may name; a syntax without calls has none. */
  functions?: Readonly<Record<string, ExprFunction>>;
}

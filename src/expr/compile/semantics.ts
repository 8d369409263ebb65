/** The rules where surface syntaxes differ; each syntax passes its own to the compiler. */
export interface Semantics {
  /** What reading an absent variable, field or element yields (Aegis: null); may throw instead. */
  missing(path: string): unknown;
  /** How a value displays as text, in an interpolation or a string concatenation. */
  format(value: unknown): string;
  /** Whether a value counts as true for `!`, `&&`, `||` and a guard. */
  truthy(value: unknown): boolean;
}

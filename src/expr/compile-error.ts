/** A problem found while parsing or compiling an expression: what is wrong and where, in the source given. */
export class CompileError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly length: number,
  ) {
    super(message);
    this.name = 'CompileError';
  }
}

/** A compiled value, or what is wrong and where (offset and length inside the source given). */
export type CompileResult<T> =
  { ok: true; value: T } | { ok: false; message: string; offset: number; length: number };

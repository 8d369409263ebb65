import { SkeinError } from '../errors/index.js';
/** A problem found while parsing or compiling an expression: what is wrong and where, in the source given. */
export class CompileError extends SkeinError {
  constructor(
    message: string,
    readonly offset: number,
    readonly length: number,
  ) {
    super('expression_invalid', message);
    this.name = 'CompileError';
  }
}

/** A compiled value, or what is wrong and where (offset and length inside the source given). */
export type CompileResult<T> =
  { ok: true; value: T } | { ok: false; message: string; offset: number; length: number };

/** Runs a compilation, turning a CompileError into a failed result (any other error is a bug and is thrown). */
export function attempt<T>(compile: () => T): CompileResult<T> {
  try {
    return { ok: true, value: compile() };
  } catch (e) {
    if (!(e instanceof CompileError)) throw e;
    return { ok: false, message: e.message, offset: e.offset, length: e.length };
  }
}

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

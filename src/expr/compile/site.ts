/** Where an expression is, for errors raised while evaluating it. */
export interface Site {
  fail(message: string): never;
}

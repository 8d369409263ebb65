/**
 * The base of every error Skein raises on purpose: a stable `code` that programs match on (the CLI's
 * exit codes, the HTTP API's error shape), a message a person can act on, and the `cause` when it wraps
 * another error. Subclasses add what their callers need (the field errors, the step, the tool).
 */
export class SkeinError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SkeinError';
  }
}

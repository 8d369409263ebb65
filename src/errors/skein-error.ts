import type { ErrorCode } from './catalog.js';

/** A field a refusal names: a path into what was sent (`region`, `input.items[2]`) and what is wrong with it. */
export interface ErrorField {
  field: string;
  message: string;
}

/** What a SkeinError may carry besides its code and message. */
export interface SkeinErrorOptions {
  cause?: unknown;
  /** The fields at fault, when the error is about something sent (an input, a body). */
  fields?: readonly ErrorField[];
  /** Advice that holds on every surface; surfaces add their own (docs/errors.md). */
  hint?: string;
}

/**
 * The base of every error Skein raises on purpose: a `code` of the catalog (src/errors/catalog.ts),
 * which gives its HTTP status, exit code and MCP code; a message a person can act on that names no
 * surface (no CLI option, no body field); and the fields at fault. Subclasses add what their callers
 * need (the step, the tool).
 */
export class SkeinError extends Error {
  readonly fields?: readonly ErrorField[];
  readonly hint?: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: SkeinErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SkeinError';
    if (options.fields) this.fields = options.fields;
    if (options.hint) this.hint = options.hint;
  }
}

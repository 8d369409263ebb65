import type { RunError } from './events.js';

/** A failure with a stable code, raised inside the runtime and reported as the run's error. */
export class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly step?: string,
  ) {
    super(message);
    this.name = 'RunFailure';
  }

  toRunError(): RunError {
    return { code: this.code, message: this.message, ...(this.step ? { step: this.step } : {}) };
  }
}

/** A refusal to start or resume a run (bad input, not awaiting, unknown run): nothing was run. */
export class RunRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'RunRefused';
  }
}

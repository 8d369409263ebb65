import type { RunError } from './events.js';
import { SkeinError } from '../ir/errors.js';

/** A failure with a stable code, raised inside the runtime and reported as the run's error. */
export class RunFailure extends SkeinError {
  constructor(
    code: string,
    message: string,
    readonly step?: string,
  ) {
    super(code, message);
    this.name = 'RunFailure';
  }

  toRunError(): RunError {
    return { code: this.code, message: this.message, ...(this.step ? { step: this.step } : {}) };
  }
}

/** A refusal to start or resume a run (bad input, not awaiting, unknown run): nothing was run. */
export class RunRefused extends SkeinError {
  constructor(
    code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(code, message);
    this.name = 'RunRefused';
  }
}

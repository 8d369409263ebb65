import { SkeinError } from '../errors/index.js';
/** A mistake in how the command was called: printed with the usage line, exit code 2. */
export class UsageError extends SkeinError {
  constructor(message: string) {
    super('usage', message);
    this.name = 'UsageError';
  }
}

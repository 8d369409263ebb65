import { SkeinError } from '../errors/index.js';

/** A mistake in skein.yaml: names the file, the line and column, and the key. */
export class ConfigError extends SkeinError {
  constructor(message: string) {
    super('config_invalid', message);
    this.name = 'ConfigError';
  }
}

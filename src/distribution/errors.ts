import { SkeinError } from '../errors/index.js';

/** What can go wrong moving skills in and out (docs/distribution.md, "Errors"). */
export type DistributionCode =
  | 'source_invalid'
  | 'source_unreachable'
  | 'digest_mismatch'
  | 'lock_invalid'
  | 'not_installed'
  | 'already_installed'
  | 'no_skills'
  | 'not_confirmed';

/** An error of `skein add`, `install`, `update`, `remove` or `pack`, with its code. */
export class DistributionError extends SkeinError {
  constructor(
    override readonly code: DistributionCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.name = 'DistributionError';
  }
}

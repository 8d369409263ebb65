import { UsageError } from './usage-error.js';

/** How many rows a listing shows when --limit is not given. */
const DEFAULT_LIMIT = 20;

/** A listing's `--status` (one of `statuses`) and `--limit` (a whole number above 0), checked. */
export function listingArgs<S extends string>(
  values: { status?: string; limit?: string },
  statuses: readonly S[],
): { status?: S; limit: number } {
  const status = values.status as S | undefined;
  if (status !== undefined && !statuses.includes(status))
    throw new UsageError(`--status is one of ${statuses.join(', ')}, not "${status}"`);
  const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit takes a whole number above 0');
  return { status, limit };
}

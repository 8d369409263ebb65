import { isRetryable, retryDelayMs, sleep } from './retry-delay.js';
import { startDeadline } from './call-deadline.js';
import { toModelCallError } from './call-error.js';
import { ModelCallError } from './errors.js';
import type { Completion, ModelRequest } from './request.js';
import { AttemptError, requestOnce } from './stream-once.js';

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;

/**
 * One answer from the model (streamed when `onDelta` takes the text as it arrives). Retries (with backoff, honouring `Retry-After`) when an attempt
 * fails retryably before any text was streamed; failures come out as `ModelCallError`, a cancel
 * through `request.signal` as the signal's reason.
 */
export async function complete(request: ModelRequest): Promise<Completion> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = request.maxRetries ?? DEFAULT_MAX_RETRIES;
  const deadline = startDeadline(timeoutMs, request.signal);
  const id = request.model.id;
  let attempts = 0;
  try {
    while (true) {
      attempts++;
      try {
        return await requestOnce(request, deadline.signal);
      } catch (thrown) {
        const failure = thrown instanceof AttemptError ? thrown : new AttemptError(thrown, false);
        const retry =
          !deadline.signal.aborted &&
          !failure.delivered &&
          attempts <= maxRetries &&
          isRetryable(failure.error);
        if (!retry) throw toModelCallError(failure.error, id, attempts);
        await sleep(retryDelayMs(failure.error, attempts - 1), deadline.signal);
      }
    }
  } catch (error) {
    if (deadline.timedOut()) {
      throw new ModelCallError(`${id}: timed out after ${timeoutMs} ms`, {
        modelId: id,
        attempts,
        cause: error,
      });
    }
    if (request.signal?.aborted) throw request.signal.reason;
    throw error;
  } finally {
    deadline.clear();
  }
}

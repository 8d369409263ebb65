import { APICallError } from 'ai';

const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRY_AFTER_MS = 60_000;

/** Whether a failed attempt is worth repeating: the SDK marks 408, 409, 429, 5xx and network errors retryable. */
export function isRetryable(error: unknown): boolean {
  return APICallError.isInstance(error) && error.isRetryable;
}

/** How long to wait before retry number `retry` (0-based): the server's `Retry-After`, else 500 ms·2^n capped at 8 s. */
export function retryDelayMs(error: unknown, retry: number): number {
  const asked = APICallError.isInstance(error) ? retryAfterMs(error.responseHeaders) : undefined;
  if (asked !== undefined) return Math.min(asked, MAX_RETRY_AFTER_MS);
  return Math.min(BASE_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (ms >= 0) return ms;
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

import type { RetryPolicy } from '../ir/nodes.js';

/** Waits before attempt `attempt + 1` of a node: exponential backoff, capped, cut short when `signal` aborts. */
export function waitBeforeRetry(retry: RetryPolicy, attempt: number, signal: AbortSignal): Promise<void> {
  const ms = Math.min(retry.delayMs * 2 ** (attempt - 1), retry.maxDelayMs ?? 30_000);
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/** The caller's signal joined with a timeout, and a way to tell which one fired. */
export interface CallDeadline {
  signal: AbortSignal;
  timedOut(): boolean;
  /** Stops the timer. */
  clear(): void;
}

/** Starts the clock for a call of at most `timeoutMs`, also cancelled by `signal`. */
export function startDeadline(timeoutMs: number, signal: AbortSignal | undefined): CallDeadline {
  const timer = new AbortController();
  const handle = setTimeout(
    () => timer.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  return {
    signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
    timedOut: () => timer.signal.aborted,
    clear: () => clearTimeout(handle),
  };
}

import { useEffect, useState } from 'react';
import { api, ApiError } from './api/client';

/** The answer of a GET, loaded again when `path` changes; `error` holds an `ApiError`'s message. */
export function useApi<T>(path: string | undefined): { data?: T; error?: ApiError; reload(): void } {
  const [state, setState] = useState<{ data?: T; error?: ApiError }>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) return;
    const control = new AbortController();
    setState({});
    api<T>(path, { signal: control.signal }).then(
      (data) => setState({ data }),
      (error: unknown) => {
        if (!control.signal.aborted)
          setState({ error: error instanceof ApiError ? error : new ApiError(0, 'network', String(error)) });
      },
    );
    return () => control.abort();
  }, [path, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

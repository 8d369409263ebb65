import { authHeaders, parse } from './client';
import { readSse } from './sse';
import type { PendingAwait } from './types';

/** What the inbox stream tells: every pending question at (re)connection, then each one added or removed. */
export type InboxChange =
  | { type: 'snapshot'; awaits: PendingAwait[] }
  | { type: 'added'; await: PendingAwait }
  | { type: 'removed'; runId: string };

/**
 * Follows the inbox (`GET /v1/awaits` with `Accept: text/event-stream`) until `signal` aborts. A stream
 * that drops is opened again after `retryMs`, and its new snapshot replaces what was shown. Rejects on an
 * error answer (a bad token).
 */
export async function watchInbox(
  onChange: (change: InboxChange) => void,
  options: { signal: AbortSignal; retryMs?: number; onConnection?: (open: boolean) => void },
): Promise<void> {
  while (!options.signal.aborted) {
    try {
      const res = await fetch('/v1/awaits', {
        headers: authHeaders({ Accept: 'text/event-stream' }),
        signal: options.signal,
      });
      if (!res.ok) await parse(res);
      options.onConnection?.(true);
      for await (const message of readSse(res, options.signal)) {
        const data = JSON.parse(message.data) as never;
        if (message.event === 'snapshot')
          onChange({ type: 'snapshot', awaits: (data as { awaits: PendingAwait[] }).awaits });
        else if (message.event === 'await.added') onChange({ type: 'added', await: data });
        else if (message.event === 'await.removed')
          onChange({ type: 'removed', runId: (data as { runId: string }).runId });
      }
    } catch (e) {
      if (options.signal.aborted) return;
      if ((e as { status?: number }).status !== undefined) throw e;
    }
    options.onConnection?.(false);
    await new Promise((r) => setTimeout(r, options.retryMs ?? 1000));
  }
}

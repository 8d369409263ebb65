import type { Context } from 'hono';
import type { AwaitQuery } from '../host/index.js';
import { eventStream, type StreamSettings } from './sse.js';

/** How often the inbox is read again when no run of a shared wake-up changed (runs of other SQLite processes). */
const INBOX_POLL_MS = 1000;

/**
 * Streams the inbox as Server-Sent Events: `snapshot` (`{awaits}`) first, then `await.added` (a pending
 * question) and `await.removed` (`{runId}`) as runs pause and are answered, end or are cancelled, until
 * the client leaves or the server stops.
 */
export function streamAwaits(c: Context, settings: StreamSettings, query: AwaitQuery): Response {
  return eventStream(c, settings, async (stream, signal) => {
    for await (const change of settings.hub.skein.watchAwaits(query, { signal, pollMs: INBOX_POLL_MS })) {
      if (change.type === 'snapshot')
        await stream.writeSSE({ event: 'snapshot', data: JSON.stringify({ awaits: change.awaits }) });
      else if (change.type === 'added')
        await stream.writeSSE({ event: 'await.added', data: JSON.stringify(change.await) });
      else await stream.writeSSE({ event: 'await.removed', data: JSON.stringify({ runId: change.runId }) });
    }
  });
}

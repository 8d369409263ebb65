import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { RunResult } from '../runtime/index.js';
import type { RunHub } from './run-hub.js';
import { eventView, resultView } from './views.js';

/** What streaming a run needs from the server. */
export interface StreamSettings {
  hub: RunHub;
  /** Paths in messages are shown relative to this folder. */
  root: string;
  /** A comment line is sent this often while nothing else is, so proxies keep the stream open. */
  keepAliveMs: number;
  /** How often a run driven by another process is looked up in the store. */
  pollMs: number;
  /** Aborted when the server shuts down: every stream ends. */
  shutdown: AbortSignal;
}

/**
 * Streams a run's events as Server-Sent Events: each stored event with its `seq` as `id`, events that
 * are only streamed without one, until the run completes, fails or awaits (or the client leaves, or
 * the server stops). With `result`, a last event `result` carries the run's result JSON.
 */
export function streamRun(
  c: Context,
  settings: StreamSettings,
  runId: string,
  after: number,
  result?: Promise<RunResult>,
): Response {
  return eventStream(c, settings, async (stream, signal) => {
    const events = settings.hub.skein.follow(runId, { after, signal, pollMs: settings.pollMs });
    for await (const { event, stored } of events)
      await stream.writeSSE({
        id: stored ? String(event.seq) : undefined,
        event: event.type,
        data: JSON.stringify(eventView(event, settings.root)),
      });
    if (result && !signal.aborted)
      await stream.writeSSE({
        event: 'result',
        data: JSON.stringify(resultView(await result, settings.root)),
      });
  });
}

/**
 * A Server-Sent Events response that `write` fills: its signal aborts when the client leaves or the
 * server shuts down, and a comment line keeps proxies from closing the stream while nothing is sent.
 */
export function eventStream(
  c: Context,
  settings: StreamSettings,
  write: (stream: SSEStreamingApi, signal: AbortSignal) => Promise<void>,
): Response {
  return streamSSE(c, async (stream) => {
    const stop = new AbortController();
    const signal = AbortSignal.any([stop.signal, settings.shutdown]);
    stream.onAbort(() => stop.abort());
    const keepAlive = setInterval(() => void stream.write(': keep-alive\n\n'), settings.keepAliveMs);
    try {
      await write(stream, signal);
    } finally {
      clearInterval(keepAlive);
    }
  });
}

/** Whether the client asked for an event stream rather than JSON. */
export function wantsEventStream(c: Context): boolean {
  return /\btext\/event-stream\b/.test(c.req.header('accept') ?? '');
}

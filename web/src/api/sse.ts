import { authHeaders, parse } from './client';
import type { RunEvent } from './types';

/** One Server-Sent Event. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/** Reads Server-Sent Events from a fetch answer as they arrive (fetch, unlike EventSource, can send the token). */
export async function* readSse(res: Response, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort);
  let buffer = '';
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: SseMessage = { event: 'message', data: '' };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon === 0) continue;
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') data.push(value);
          else if (field === 'event') message.event = value;
          else if (field === 'id') message.id = value;
        }
        if (!data.length) continue;
        message.data = data.join('\n');
        yield message;
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Event types after which the server ends a run's event stream. */
const LAST = new Set(['completed', 'failed', 'awaiting']);

/**
 * Follows a run's events (`GET /v1/runs/{id}/events`) until it completes, fails or awaits. A stream that
 * drops before that is opened again with `Last-Event-ID` set to the last stored event seen, so no
 * stored event is lost or repeated. Resolves with the last stored event's type; rejects on an error answer.
 */
export async function followRun(
  runId: string,
  onEvent: (event: RunEvent) => void,
  options: {
    signal: AbortSignal;
    afterSeq?: number;
    retryMs?: number;
    onConnection?: (open: boolean) => void;
  },
): Promise<string | undefined> {
  let last = options.afterSeq ?? -1;
  let lastType: string | undefined;
  while (!options.signal.aborted) {
    try {
      const res = await fetch(`/v1/runs/${encodeURIComponent(runId)}/events`, {
        headers: authHeaders(
          last >= 0
            ? { Accept: 'text/event-stream', 'Last-Event-ID': String(last) }
            : { Accept: 'text/event-stream' },
        ),
        signal: options.signal,
      });
      if (!res.ok) await parse(res);
      options.onConnection?.(true);
      for await (const message of readSse(res, options.signal)) {
        const event = JSON.parse(message.data) as RunEvent;
        if (message.id !== undefined) {
          const seq = Number(message.id);
          if (seq <= last) continue;
          last = seq;
          lastType = event.type;
        }
        onEvent(event);
      }
      if (lastType && LAST.has(lastType)) return lastType;
    } catch (e) {
      if (options.signal.aborted) return lastType;
      if ((e as { status?: number }).status !== undefined) throw e;
    }
    options.onConnection?.(false);
    await new Promise((r) => setTimeout(r, options.retryMs ?? 500));
  }
  return lastType;
}

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Skein } from '../host/index.js';
import { RunRefused, type RunOptions, type RunResult } from '../runtime/index.js';
import { formSchema } from './elicit-schema.js';
import { RunProgress, type CallExtra } from './run-progress.js';

export type { CallExtra };

/** How many times an answer the run refuses is asked for again before the pause is returned. */
const MAX_ASKS = 3;
/** How long a person gets to fill a form before the call answers with the pause instead. */
const ASK_TIMEOUT_MS = 15 * 60_000;

/** What one tool call runs with. */
export interface CallContext {
  skein: Skein;
  server: Server;
  extra: CallExtra;
  /** Aborted when the server shuts down: sessions then close without cancelling the runs (they stay resumable). */
  stopping?: AbortSignal;
}

/**
 * Runs (or resumes) through to its end for one tool call: the client's cancellation aborts the run,
 * finished steps are sent as progress when the client asked for it, and a pause is asked through
 * elicitation (a form of the await's schema) when the client supports it, then the same run goes on.
 * A declined or cancelled form, or an await a form cannot ask, returns the pause itself.
 */
export async function runForToolCall(
  { skein, server, extra, stopping }: CallContext,
  begin: (options: RunOptions) => Promise<RunResult>,
  total?: number,
): Promise<RunResult> {
  const cancel = new AbortController();
  const forward = () => stopping?.aborted || cancel.abort();
  if (extra.signal.aborted) forward();
  else extra.signal.addEventListener('abort', forward, { once: true });
  const stop = stopping ? AbortSignal.any([extra.signal, stopping]) : extra.signal;
  const progress = new RunProgress(skein, extra, total, stop);
  const options = { signal: cancel.signal, onEvent: progress.onEvent };
  let result = await begin(options);
  await progress.sent();
  let note = '';
  for (let asks = 0; result.status === 'awaiting' && asks < MAX_ASKS; asks++) {
    const form = server.getClientCapabilities()?.elicitation && formSchema(result.await!.inputSchema);
    if (!form || extra.signal.aborted) break;
    let answer;
    try {
      answer = await server.elicitInput(
        { mode: 'form', message: note + result.await!.message, requestedSchema: form },
        { relatedRequestId: extra.requestId, signal: extra.signal, timeout: ASK_TIMEOUT_MS },
      );
    } catch {
      break; // no form answer (refused by the client, out of the form's schema, no one in time): the pause stands
    }
    if (answer.action !== 'accept') break;
    try {
      result = await skein.resume(result.runId, answer.content ?? {}, options);
      note = '';
    } catch (e) {
      if (!(e instanceof RunRefused) || e.code !== 'input_invalid') throw e;
      note = `${e.message}\n\n`;
    } finally {
      await progress.sent();
    }
  }
  return result;
}

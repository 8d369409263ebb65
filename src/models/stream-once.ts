import { generateText, streamText } from 'ai';
import type { Completion, ModelRequest } from './request.js';
import { SkeinError } from '../errors/index.js';

/** The outcome of one streamed attempt; `delivered` says whether any text already reached `onDelta`. */
export class AttemptError extends SkeinError {
  constructor(
    readonly error: unknown,
    readonly delivered: boolean,
  ) {
    super('model_attempt_failed', 'model attempt failed', { cause: error });
  }
}

/**
 * Makes one request (no retries): streamed when someone takes the text as it arrives (`onDelta`),
 * else as one answer — a stream's web streams, per-chunk parsing and validation cost a call ~1 ms of
 * CPU that nobody uses when no one is watching (`bench/eval.ts`).
 */
export async function requestOnce(request: ModelRequest, signal: AbortSignal): Promise<Completion> {
  if (request.onDelta) return streamOnce(request, signal);
  try {
    const result = await generateText(callSettings(request, signal));
    const { inputTokens, outputTokens } = result.totalUsage;
    return { text: result.text, usage: { inputTokens, outputTokens }, finishReason: result.finishReason };
  } catch (error) {
    throw new AttemptError(signal.aborted ? signal.reason : error, false);
  }
}

/** What one attempt asks of the AI SDK, streamed or not: no retries of its own (complete() retries). */
function callSettings(request: ModelRequest, signal: AbortSignal) {
  const input = request.messages ? { messages: request.messages } : { prompt: request.prompt ?? '' };
  return {
    model: request.model.model,
    system: request.system,
    ...input,
    temperature: request.temperature,
    maxOutputTokens: request.maxOutputTokens,
    abortSignal: signal,
    maxRetries: 0,
  };
}

/** Makes one streamed request (no retries), passing text deltas on as they arrive. */
async function streamOnce(request: ModelRequest, signal: AbortSignal): Promise<Completion> {
  const result = streamText({ ...callSettings(request, signal), onError: () => {} });
  let text = '';
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        request.onDelta?.(part.text);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw signal.reason;
      } else if (part.type === 'finish') {
        const { inputTokens, outputTokens } = part.totalUsage;
        return { text, usage: { inputTokens, outputTokens }, finishReason: part.finishReason };
      }
    }
  } catch (error) {
    throw new AttemptError(error, text.length > 0);
  }
  throw new AttemptError(
    signal.aborted ? signal.reason : new Error('the stream ended without finishing'),
    text.length > 0,
  );
}

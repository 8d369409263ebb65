import type { ModelMessage } from 'ai';
import type { ResolvedModel } from './resolved-model.js';

/** Tokens a call used, when the provider reports them. */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
}

/** The conversation: a single user prompt, or a list of messages. */
export type ModelInput = { prompt: string; messages?: never } | { messages: ModelMessage[]; prompt?: never };

/** One model call. */
export type ModelRequest = ModelInput & {
  model: ResolvedModel;
  system?: string;
  temperature?: number;
  maxOutputTokens?: number;
  /** Cancels the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** For the whole call, retries included. Default 120000. */
  timeoutMs?: number;
  /** Extra attempts after a 408/409/429/5xx or a network error. Default 2. */
  maxRetries?: number;
  /** Called with every piece of text as it streams in. */
  onDelta?: (text: string) => void;
};

/** The model's whole answer. */
export interface Completion {
  text: string;
  usage: Usage;
  /** Why the model stopped (`stop`, `length`, `tool-calls`, …), when the provider says. */
  finishReason?: string;
}

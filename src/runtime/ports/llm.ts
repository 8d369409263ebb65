import type { JsonSchema } from '../../ir/schema.js';

/** A model call as the runtime asks for it; the implementation resolves the model and provider. */
export interface LlmRequest {
  /** `provider:model` chosen by the node or skill; absent means the configured default. */
  model?: string;
  system?: string;
  prompt: string;
  temperature?: number;
  signal: AbortSignal;
  onDelta?: (text: string) => void;
}

export interface LlmAnswer {
  text: string;
  /** The `provider:model` that answered. */
  model: string;
  usage: { inputTokens?: number; outputTokens?: number };
  /** Why the model stopped (`stop`, `length`, `tool-calls`, …), when the provider says. */
  finishReason?: string;
}

/** Models, as the runtime sees them (src/host implements it over src/models, the Vercel AI SDK). */
export interface LlmService {
  /**
   * Throws (or rejects), with guidance, when the model cannot be resolved (none configured, missing
   * key, …); a service may load its model stack here, on first need.
   */
  check(model?: string): void | Promise<void>;
  complete(request: LlmRequest): Promise<LlmAnswer>;
  completeJson(
    request: LlmRequest & { schema: JsonSchema; repairAttempts: number },
  ): Promise<LlmAnswer & { value: unknown }>;
  /** Lets the model call the offered tools (and only those) until it answers with text. */
  callTools?(request: LlmToolRequest): Promise<LlmToolAnswer>;
}

/** A function a model may call in `callTools`. */
export interface LlmTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  execute(input: unknown, options: { signal?: AbortSignal }): Promise<unknown>;
}

/** One turn of a conversation: a user's text, or a model's or tools' turn as `callTools` returned it (passed back unchanged). */
export type LlmTurn = { role: 'user'; content: string } | { role: 'assistant' | 'tool'; content: unknown };

/** A conversation in which the model may call tools; calls of tools not offered are refused and reported. */
export interface LlmToolRequest {
  model?: string;
  system?: string;
  messages: readonly LlmTurn[];
  tools: readonly LlmTool[];
  /** Model turns at most (each answer with tool calls is one). */
  maxSteps?: number;
  temperature?: number;
  signal: AbortSignal;
  onDelta?: (text: string) => void;
  onToolCall?: (call: { id: string; name: string; input: unknown }) => void;
  onToolResult?: (result: { id: string; name: string; output?: unknown; error?: string }) => void;
  onRefused?: (call: { id: string; name: string; input: unknown; reason: string }) => void;
}

/** The model's last text, and the turns the call added (to pass back in a later request). */
export interface LlmToolAnswer extends LlmAnswer {
  messages: LlmTurn[];
  steps: number;
}

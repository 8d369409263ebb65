import {
  jsonSchema,
  NoSuchToolError,
  stepCountIs,
  streamText,
  tool,
  type ModelMessage,
  type ToolSet,
} from 'ai';
import type { JsonSchema } from '../ir/schema.js';
import { startDeadline } from './call-deadline.js';
import { toModelCallError } from './call-error.js';
import { ModelCallError } from './errors.js';
import type { ResolvedModel } from './resolved-model.js';
import type { Usage } from './request.js';

/** A function the model may call. */
export interface LoopTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  execute(input: unknown, options: { toolCallId: string; signal?: AbortSignal }): Promise<unknown>;
}

export interface ToolLoopRequest {
  model: ResolvedModel;
  system?: string;
  messages: ModelMessage[];
  tools: readonly LoopTool[];
  /** Model turns at most (each answer with tool calls is one). Default 8. */
  maxSteps?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** For the whole loop. Default 300000. */
  timeoutMs?: number;
  onDelta?: (text: string) => void;
  onToolCall?: (call: { id: string; name: string; input: unknown }) => void;
  onToolResult?: (result: { id: string; name: string; output?: unknown; error?: string }) => void;
  /** A call of a tool that is not offered (or with input that does not parse); the model is told, and the loop goes on. */
  onRefused?: (call: { id: string; name: string; input: unknown; reason: string }) => void;
}

export interface ToolLoopResult {
  /** The text of the model's last turn. */
  text: string;
  /** The turns this loop added (assistant and tool messages), to append to a conversation. */
  messages: ModelMessage[];
  usage: Usage;
  steps: number;
  /** Why the model's last turn stopped, when the provider says. */
  finishReason?: string;
}

/**
 * Lets the model answer with calls of the offered tools until it answers with text (or `maxSteps`).
 * Tool results, tool errors and refusals go back to the model; the Vercel AI SDK runs the loop and
 * retries failed requests.
 */
export async function runToolLoop(request: ToolLoopRequest): Promise<ToolLoopResult> {
  const timeoutMs = request.timeoutMs ?? 300_000;
  const deadline = startDeadline(timeoutMs, request.signal);
  const tools: ToolSet = {};
  for (const t of request.tools)
    tools[t.name] = tool({
      description: t.description,
      inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: (input, { toolCallId, abortSignal }) => t.execute(input, { toolCallId, signal: abortSignal }),
    });
  const result = streamText({
    model: request.model.model,
    system: request.system,
    messages: request.messages,
    tools,
    stopWhen: stepCountIs(request.maxSteps ?? 8),
    temperature: request.temperature,
    abortSignal: deadline.signal,
    onError: () => {},
  });
  let text = '';
  let steps = 0;
  const refused = new Set<string>();
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'start-step':
          steps++;
          text = '';
          break;
        case 'text-delta':
          text += part.text;
          request.onDelta?.(part.text);
          break;
        case 'tool-call':
          if (part.invalid) {
            const reason = NoSuchToolError.isInstance(part.error)
              ? `tool "${part.toolName}" is not offered (offered: ${request.tools.map((t) => t.name).join(', ') || 'none'})`
              : `the input for "${part.toolName}" is not valid: ${errorText(part.error)}`;
            refused.add(part.toolCallId);
            request.onRefused?.({ id: part.toolCallId, name: part.toolName, input: part.input, reason });
          } else request.onToolCall?.({ id: part.toolCallId, name: part.toolName, input: part.input });
          break;
        case 'tool-result':
          if (!refused.has(part.toolCallId))
            request.onToolResult?.({ id: part.toolCallId, name: part.toolName, output: part.output });
          break;
        case 'tool-error':
          if (!refused.has(part.toolCallId))
            request.onToolResult?.({
              id: part.toolCallId,
              name: part.toolName,
              error: errorText(part.error),
            });
          break;
        case 'error':
          throw part.error;
        case 'abort':
          throw deadline.signal.reason;
      }
    }
    const response = await result.response;
    const total = await result.totalUsage;
    return {
      text,
      messages: response.messages,
      usage: { inputTokens: total.inputTokens, outputTokens: total.outputTokens },
      steps,
      finishReason: await result.finishReason,
    };
  } catch (error) {
    if (deadline.timedOut())
      throw new ModelCallError(`${request.model.id}: timed out after ${timeoutMs} ms`, {
        modelId: request.model.id,
        attempts: 1,
        cause: error,
      });
    if (request.signal?.aborted) throw request.signal.reason;
    throw toModelCallError(error, request.model.id, 1);
  } finally {
    deadline.clear();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

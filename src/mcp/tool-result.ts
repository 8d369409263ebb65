import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RunResult } from '../runtime/index.js';
import { redactPaths } from '../text/redact-paths.js';

/** How a run's output is placed in `structuredContent`. */
export interface OutputShape {
  /** The output is not an object: `{output}` holds it. */
  wrapped: boolean;
  /** Paths in error messages are shown relative to this folder. */
  root: string;
}

/**
 * A finished call: the output as `structuredContent` (matching the tool's output schema) and as JSON
 * text. A run that pauses or fails is a result with `isError` (a tool with an output schema owes
 * structured content only when it succeeds), its text `{"status","runId",…}` and how to continue.
 */
export function runToolResult(result: RunResult, shape: OutputShape): CallToolResult {
  if (result.status === 'completed') {
    const output = result.output ?? null;
    const isRecord = typeof output === 'object' && output !== null && !Array.isArray(output);
    const structured = shape.wrapped || !isRecord ? { output } : output;
    return {
      content: [text(output)],
      structuredContent: structured as Record<string, unknown>,
    };
  }
  if (result.status === 'awaiting') {
    const request = result.await!;
    const paused = {
      status: 'awaiting',
      runId: result.runId,
      step: request.step,
      message: request.message,
      schema: request.inputSchema,
      ...(request.card !== undefined ? { card: request.card } : {}),
    };
    return {
      isError: true,
      content: [
        text(paused),
        {
          type: 'text',
          text: `The run paused for an answer: ${request.message}\nContinue it with the tool skein_resume, arguments {"runId": "${result.runId}", "input": {…}} where input matches "schema".`,
        },
      ],
    };
  }
  const error = result.error && { ...result.error, message: redactPaths(result.error.message, shape.root) };
  return { isError: true, content: [text({ status: 'failed', runId: result.runId, error })] };
}

/** A call refused before anything ran (bad arguments, unknown run): a tool error the model can act on. */
export function refusalResult(code: string, message: string, root: string, fields?: unknown): CallToolResult {
  const body = { error: { code, message: redactPaths(message, root), ...(fields ? { fields } : {}) } };
  return { isError: true, content: [text(body)] };
}

const text = (value: unknown) => ({ type: 'text' as const, text: JSON.stringify(value) });

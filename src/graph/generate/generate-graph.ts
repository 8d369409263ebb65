import type { ModelMessage } from 'ai';
import { errorsIn, type Diagnostic } from '../../ir/diagnostic.js';
import { complete, type ResolvedModel } from '../../models/index.js';
import { extractGraph } from './extract-graph.js';
import { GRAPH_INSTRUCTIONS } from './instructions.js';

/** How to generate a graph. */
export interface GenerateRequest {
  /** What the graph should do, in the user's words. */
  task: string;
  model: ResolvedModel;
  /** How many answers to ask for at most (the first and the repairs); at least 1. */
  attempts: number;
  /** Checks a candidate file; errors send it back to the model, warnings do not. */
  check(text: string): readonly Diagnostic[];
  signal?: AbortSignal;
  /** Called after each answer is checked. */
  onAttempt?(attempt: number, diagnostics: readonly Diagnostic[]): void;
}

/** The last candidate and what the check said about it. */
export interface GenerateResult {
  ok: boolean;
  text: string;
  attempts: number;
  diagnostics: readonly Diagnostic[];
}

/**
 * Asks the model for an AgenticDSL graph with Skein's instructions, checks the answer with the front end
 * and, while it has errors, sends the diagnostics back (in the same conversation) for a corrected whole
 * file, up to `attempts` answers.
 */
export async function generateGraph(request: GenerateRequest): Promise<GenerateResult> {
  const messages: ModelMessage[] = [
    { role: 'user', content: `Write an AgenticDSL graph for this task:\n\n${request.task}` },
  ];
  let result: GenerateResult = { ok: false, text: '', attempts: 0, diagnostics: [] };
  for (let attempt = 1; attempt <= Math.max(1, request.attempts); attempt++) {
    const answer = await complete({
      model: request.model,
      system: GRAPH_INSTRUCTIONS,
      messages,
      signal: request.signal,
      temperature: 0,
    });
    const text = extractGraph(answer.text);
    const diagnostics = request.check(text);
    request.onAttempt?.(attempt, diagnostics);
    const errors = errorsIn(diagnostics);
    result = { ok: errors.length === 0, text, attempts: attempt, diagnostics };
    if (result.ok) return result;
    messages.push({ role: 'assistant', content: answer.text }, { role: 'user', content: feedback(errors) });
  }
  return result;
}

/** The errors of a candidate, as the next user turn. */
function feedback(errors: readonly Diagnostic[]): string {
  const lines = errors.map((d) => `- line ${d.line}, column ${d.column}: ${d.message} [${d.code}]`);
  return `The file has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n\nFix them and answer with the whole corrected file only.`;
}

import type { LlmNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import type { Executor } from './executor.js';
import { llmCallEvent } from './llm-call-event.js';

/** Asks the model; with a JSON schema, the answer is parsed, validated and repaired by the model. */
export const runLlm: Executor<LlmNode> = async ({
  node,
  scope,
  signal,
  services,
  skillModel,
  emit,
  deltas,
}) => {
  const llm = services.llm;
  if (!llm) throw new RunFailure('model_not_configured', 'no model service is configured', node.id);
  const request = {
    model: node.model ?? skillModel,
    system: node.system?.render(scope),
    prompt: node.prompt.render(scope),
    temperature: node.temperature,
    signal,
    onDelta: deltas ? (text: string) => emit({ type: 'llm_delta', node: node.id, text }) : undefined,
  };
  const startedAt = performance.now();
  const answer = node.json
    ? await llm.completeJson({ ...request, schema: node.json, repairAttempts: node.repairAttempts ?? 2 })
    : await llm.complete(request);
  const sent = services.recordContent ? { system: request.system, prompt: request.prompt } : undefined;
  emit(llmCallEvent(node.id, answer, startedAt, sent));
  return { value: 'value' in answer ? answer.value : answer.text };
};

import type { SkeinConfig } from '../config/config.js';
import type { ModelMessage } from 'ai';
import { complete, completeJson, resolveModel, runToolLoop, type ResolvedModel } from '../models/index.js';
import type { LlmRequest, LlmService, LlmTurn } from '../runtime/index.js';

/**
 * The runtime's view of models over src/models. A node's or skill's model wins over the configured
 * one; `forced` (the CLI's --model) wins over both.
 */
export function createLlmService(config: SkeinConfig, forced?: string): LlmService {
  const resolved = new Map<string, ResolvedModel>();
  const resolve = (spec?: string): ResolvedModel => {
    const key = forced ?? spec ?? '';
    let model = resolved.get(key);
    if (!model) {
      model = resolveModel(forced ?? spec, config);
      resolved.set(key, model);
    }
    return model;
  };
  return {
    check: (spec) => void resolve(spec),
    async complete(req) {
      const model = resolve(req.model);
      const answer = await complete(modelRequest(model, req, config.limits.modelTimeoutMs));
      return { text: answer.text, model: model.id, usage: answer.usage, finishReason: answer.finishReason };
    },
    async completeJson(req) {
      const model = resolve(req.model);
      const answer = await completeJson({
        ...modelRequest(model, req, config.limits.modelTimeoutMs),
        schema: req.schema,
        repairAttempts: req.repairAttempts,
      });
      return {
        text: answer.text,
        value: answer.value,
        model: model.id,
        usage: answer.usage,
        finishReason: answer.finishReason,
      };
    },
    async callTools(req) {
      const model = resolve(req.model);
      const answer = await runToolLoop({
        model,
        system: req.system,
        // User turns are plain text; the other turns are the SDK's own messages, passed back unchanged.
        messages: req.messages as ModelMessage[],
        tools: req.tools,
        maxSteps: req.maxSteps,
        temperature: req.temperature,
        signal: req.signal,
        onDelta: req.onDelta,
        onToolCall: req.onToolCall,
        onToolResult: req.onToolResult,
        onRefused: req.onRefused,
      });
      return {
        text: answer.text,
        model: model.id,
        usage: answer.usage,
        finishReason: answer.finishReason,
        messages: answer.messages as LlmTurn[],
        steps: answer.steps,
      };
    },
  };
}

/** The model call the runtime asked for, on the resolved model. */
function modelRequest(model: ResolvedModel, req: LlmRequest, timeoutMs: number) {
  return {
    model,
    timeoutMs,
    system: req.system,
    prompt: req.prompt,
    temperature: req.temperature,
    signal: req.signal,
    onDelta: req.onDelta,
  };
}

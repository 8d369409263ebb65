import type { SkeinConfig } from '../config/config.js';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import type { ResolvedModel } from '../models/index.js';
import type { LlmRequest, LlmService, LlmTurn } from '../runtime/index.js';

/** The model stack (the AI SDK and its providers), loaded when a skill first needs a model. */
const models = () => import('../models/index.js');

/**
 * The runtime's view of models over src/models. A node's or skill's model wins over the configured
 * one; `forced` (the CLI's --model, or an AI SDK model object a program passes) wins over both.
 */
export function createLlmService(config: SkeinConfig, forced?: string | LanguageModelV3): LlmService {
  const resolved = new Map<string, ResolvedModel>();
  const given = typeof forced === 'object' ? fromObject(forced) : undefined;
  const named = typeof forced === 'string' ? forced : undefined;
  const resolve = async (spec?: string): Promise<ResolvedModel> => {
    if (given) return given;
    const key = named ?? spec ?? '';
    let model = resolved.get(key);
    if (!model) {
      model = (await models()).resolveModel(named ?? spec, config);
      resolved.set(key, model);
    }
    return model;
  };
  return {
    check: async (spec) => void (await resolve(spec)),
    async complete(req) {
      const { complete } = await models();
      const model = await resolve(req.model);
      const answer = await complete(modelRequest(model, req, config.limits.modelTimeoutMs));
      return { text: answer.text, model: model.id, usage: answer.usage, finishReason: answer.finishReason };
    },
    async completeJson(req) {
      const { completeJson } = await models();
      const model = await resolve(req.model);
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
      const { runToolLoop } = await models();
      const model = await resolve(req.model);
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

/** An AI SDK model object as the runtime's model: named `provider:modelId` in events. */
function fromObject(model: LanguageModelV3): ResolvedModel {
  return { model, id: `${model.provider}:${model.modelId}` };
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

import { createOpenAI } from '@ai-sdk/openai';
import type { ModelProvider } from './provider.js';
import { requireEnvKey } from './settings.js';

/** OpenAI's chat-completions API (`OPENAI_API_KEY`, optional `OPENAI_BASE_URL`). */
export const openaiProvider: ModelProvider = {
  jsonMode: true,
  createModel(modelId, context) {
    const apiKey = requireEnvKey(context, 'OPENAI_API_KEY');
    const baseURL = context.env.OPENAI_BASE_URL?.trim() || undefined;
    return createOpenAI({ apiKey, baseURL }).chat(modelId);
  },
};

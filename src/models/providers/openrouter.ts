import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import type { ModelProvider } from './provider.js';
import { requireEnvKey } from './settings.js';

/** OpenRouter (`OPENROUTER_API_KEY`); model ids look like `meta-llama/llama-3:free`. */
export const openrouterProvider: ModelProvider = {
  jsonMode: true,
  createModel(modelId, context) {
    const apiKey = requireEnvKey(context, 'OPENROUTER_API_KEY');
    return createOpenRouter({ apiKey, compatibility: 'strict' }).chat(modelId);
  },
};

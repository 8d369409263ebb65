import { requireOptional } from '../../ir/optional-packages.js';
import type { ModelProvider } from './provider.js';
import { requireEnvKey } from './settings.js';

/** OpenRouter (`OPENROUTER_API_KEY`); model ids look like `meta-llama/llama-3:free`. */
export const openrouterProvider: ModelProvider = {
  jsonMode: true,
  createModel(modelId, context) {
    const apiKey = requireEnvKey(context, 'OPENROUTER_API_KEY');
    // An optional peer: loaded on first use (src/ir/optional-packages.ts).
    const { createOpenRouter } = requireOptional<typeof import('@openrouter/ai-sdk-provider')>(
      'openrouter',
      '@openrouter/ai-sdk-provider',
    );
    return createOpenRouter({ apiKey, compatibility: 'strict' }).chat(modelId);
  },
};

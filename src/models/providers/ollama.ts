import { requireOptional } from '../../ir/optional-packages.js';
import type { ModelProvider } from './provider.js';
import { skeinApiKey, skeinBaseUrl } from './settings.js';

const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434/api';

/** A local or remote Ollama server (`SKEIN_BASE_URL`, default http://127.0.0.1:11434/api). */
export const ollamaProvider: ModelProvider = {
  jsonMode: true,
  createModel(modelId, context) {
    const apiKey = skeinApiKey(context);
    // An optional peer: loaded on first use (src/ir/optional-packages.ts).
    const { createOllama } = requireOptional<typeof import('ollama-ai-provider-v2')>(
      'ollama',
      'ollama-ai-provider-v2',
    );
    return createOllama({
      baseURL: skeinBaseUrl(context) ?? DEFAULT_OLLAMA_URL,
      headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : undefined,
    })(modelId);
  },
};

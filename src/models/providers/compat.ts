import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ModelConfigError } from '../errors.js';
import type { ModelProvider } from './provider.js';
import { skeinApiKey, skeinBaseUrl } from './settings.js';

/**
 * Any OpenAI-compatible chat-completions server (vLLM, llama.cpp, LM Studio, LiteLLM, …) at
 * `SKEIN_BASE_URL`, with an optional `SKEIN_API_KEY`. JSON mode stays off: not every such server
 * accepts `response_format`.
 */
export const compatProvider: ModelProvider = {
  jsonMode: false,
  createModel(modelId, context) {
    const baseURL = skeinBaseUrl(context);
    if (!baseURL) {
      throw new ModelConfigError(
        `Model "${context.spec}" needs the server's base URL: set SKEIN_BASE_URL (e.g. SKEIN_BASE_URL=http://127.0.0.1:8000/v1) or baseUrl: in skein.yaml.`,
      );
    }
    return createOpenAICompatible({
      name: 'compat',
      baseURL,
      apiKey: skeinApiKey(context),
      includeUsage: true,
    })(modelId);
  },
};

import { createAnthropic } from '@ai-sdk/anthropic';
import type { ModelProvider } from './provider.js';
import { requireEnvKey } from './settings.js';

/** Anthropic's Messages API (`ANTHROPIC_API_KEY`). It has no plain JSON mode. */
export const anthropicProvider: ModelProvider = {
  jsonMode: false,
  createModel(modelId, context) {
    return createAnthropic({ apiKey: requireEnvKey(context, 'ANTHROPIC_API_KEY') })(modelId);
  },
};

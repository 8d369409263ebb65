import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { SkeinConfig } from '../../config/config.js';

/** What a provider plug-in is given to build a model: the config and the environment. */
export interface ProviderContext {
  config: Pick<SkeinConfig, 'baseUrl' | 'apiKey'>;
  env: NodeJS.ProcessEnv;
  /** The full `provider:model` string, for error messages. */
  spec: string;
}

/** One model provider: builds a model from its own model id, or throws a `ModelConfigError`. */
export interface ModelProvider {
  /** Whether the provider has a JSON answer mode (OpenAI's `response_format: json_object` or alike). */
  jsonMode: boolean;
  createModel(modelId: string, context: ProviderContext): LanguageModelV3;
}

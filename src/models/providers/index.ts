import { anthropicProvider } from './anthropic.js';
import { compatProvider } from './compat.js';
import { ollamaProvider } from './ollama.js';
import { openaiProvider } from './openai.js';
import { openrouterProvider } from './openrouter.js';
import type { ModelProvider } from './provider.js';

/** Every model provider, by the name used before the colon in `provider:model`. */
export const modelProviders: Readonly<Record<string, ModelProvider>> = {
  openai: openaiProvider,
  anthropic: anthropicProvider,
  openrouter: openrouterProvider,
  ollama: ollamaProvider,
  compat: compatProvider,
};

export type { ModelProvider, ProviderContext } from './provider.js';

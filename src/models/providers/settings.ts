import { ModelConfigError } from '../errors.js';
import type { ProviderContext } from './provider.js';

/** Reads an API key a provider cannot work without, or explains which variable to set. */
export function requireEnvKey(context: ProviderContext, variable: string): string {
  const key = context.env[variable]?.trim();
  if (!key)
    throw new ModelConfigError(`Model "${context.spec}" needs ${variable}: set it in the environment.`);
  return key;
}

/** The base URL for `compat` and `ollama`: `baseUrl` in the config, else `SKEIN_BASE_URL`. */
export function skeinBaseUrl(context: ProviderContext): string | undefined {
  return context.config.baseUrl?.trim() || context.env.SKEIN_BASE_URL?.trim() || undefined;
}

/** The optional key for `compat` and `ollama`: `apiKey` in the config, else `SKEIN_API_KEY`. */
export function skeinApiKey(context: ProviderContext): string | undefined {
  return context.config.apiKey?.trim() || context.env.SKEIN_API_KEY?.trim() || undefined;
}

import { ModelConfigError } from '../errors.js';
import type { ProviderContext } from './provider.js';

/** Reads an API key a provider cannot work without, or explains which variable to set. */
export function requireEnvKey(context: ProviderContext, variable: string): string {
  const key = context.env[variable]?.trim();
  if (!key)
    throw new ModelConfigError(`Model "${context.spec}" needs ${variable}: set it in the environment.`);
  return printableKey(key, variable);
}

/** The base URL for `compat` and `ollama`: `baseUrl` in the config, else `SKEIN_BASE_URL`. */
export function skeinBaseUrl(context: ProviderContext): string | undefined {
  return context.config.baseUrl?.trim() || context.env.SKEIN_BASE_URL?.trim() || undefined;
}

/** The optional key for `compat` and `ollama`: `apiKey` in the config, else `SKEIN_API_KEY`. */
export function skeinApiKey(context: ProviderContext): string | undefined {
  const fromConfig = context.config.apiKey?.trim();
  if (fromConfig) return printableKey(fromConfig, 'apiKey in skein.yaml');
  const fromEnv = context.env.SKEIN_API_KEY?.trim();
  return fromEnv ? printableKey(fromEnv, 'SKEIN_API_KEY') : undefined;
}

/**
 * A key goes into an HTTP header, which takes printable ASCII only: a pasted placeholder (`…`) or a
 * stray non-ASCII character is named here rather than failing later as fetch's ByteString error.
 */
function printableKey(key: string, source: string): string {
  const at = [...key].findIndex((ch) => ch < ' ' || ch > '~');
  if (at < 0) return key;
  const ch = [...key][at];
  const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  throw new ModelConfigError(
    `${source} has "${ch}" (${code}) at character ${at + 1}; an API key is printable ASCII only: paste the key itself.`,
  );
}

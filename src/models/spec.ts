import { ModelConfigError } from './errors.js';

/** A model choice split into its provider and the provider's own model id. */
export interface ModelSpec {
  provider: string;
  model: string;
}

/** Splits `provider:model` at the first colon; model ids may themselves contain `/` and `:`. */
export function parseModelSpec(spec: string, knownProviders: readonly string[]): ModelSpec {
  const colon = spec.indexOf(':');
  const example = 'for example openai:gpt-4o-mini';
  const known = `Known providers: ${knownProviders.join(', ')}.`;
  if (colon <= 0) {
    throw new ModelConfigError(
      `Model "${spec}" names no provider: write it as provider:model, ${example}. ${known}`,
    );
  }
  const provider = spec.slice(0, colon).trim();
  const model = spec.slice(colon + 1).trim();
  if (!model) {
    throw new ModelConfigError(
      `Model "${spec}" names no model after "${provider}:": write it as provider:model, ${example}.`,
    );
  }
  return { provider, model };
}

import type { SkeinConfig } from '../config/config.js';
import { ModelConfigError } from './errors.js';
import { modelProviders } from './providers/index.js';
import type { ResolvedModel } from './resolved-model.js';
import { parseModelSpec } from './spec.js';

const KNOWN = Object.keys(modelProviders);

const HOW_TO_CONFIGURE = [
  'No model is configured. Choose one as provider:model, for example:',
  '  SKEIN_MODEL=openai:gpt-4o-mini   (with OPENAI_API_KEY set)',
  '  SKEIN_MODEL=compat:<model>       (with SKEIN_BASE_URL=http://host:port/v1, any OpenAI-compatible server)',
  'or write `model: provider:model` in skein.yaml, or pass --model provider:model.',
  `Known providers: ${KNOWN.join(', ')}.`,
].join('\n');

/** Builds the model to call: `spec` (a node's or skill's choice) wins over `config.model`. */
export function resolveModel(
  spec: string | undefined,
  config: Pick<SkeinConfig, 'model' | 'baseUrl' | 'apiKey'>,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedModel {
  const chosen = spec?.trim() || config.model?.trim();
  if (!chosen) throw new ModelConfigError(HOW_TO_CONFIGURE);
  const { provider, model } = parseModelSpec(chosen, KNOWN);
  const plugin = Object.hasOwn(modelProviders, provider) ? modelProviders[provider] : undefined;
  if (!plugin) {
    throw new ModelConfigError(
      `Unknown model provider "${provider}" in "${chosen}". Known providers: ${KNOWN.join(', ')}.`,
    );
  }
  const id = `${provider}:${model}`;
  return { model: plugin.createModel(model, { config, env, spec: id }), id, jsonMode: plugin.jsonMode };
}

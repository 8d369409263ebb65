import { wrapLanguageModel } from 'ai';
import type { JsonSchema } from '../ir/schema.js';
import type { ResolvedModel } from './resolved-model.js';

/**
 * The model with the provider's JSON answer mode switched on, when it has one and the schema asks for
 * an object (OpenAI's `json_object` mode only produces objects). Otherwise the model as it is.
 */
export function withJsonMode(resolved: ResolvedModel, schema: JsonSchema): ResolvedModel {
  if (!resolved.jsonMode || !asksForObject(schema)) return resolved;
  const model = wrapLanguageModel({
    model: resolved.model,
    middleware: {
      specificationVersion: 'v3',
      transformParams: async ({ params }) => ({ ...params, responseFormat: { type: 'json' } }),
    },
  });
  return { ...resolved, model };
}

function asksForObject(schema: JsonSchema): boolean {
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);
}

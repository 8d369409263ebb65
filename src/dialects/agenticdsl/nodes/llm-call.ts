import type { JsonSchema } from '../../../ir/schema.js';
import { EXAMPLES } from '../examples.js';
import { compileText } from '../values.js';
import type { NodeCompiler } from './compiled.js';
import { outputTarget, readOutputKeys } from './output-keys.js';

/**
 * `llm_call`: renders `prompt_template` with Inja and asks the model (`model: provider:model`, else the
 * skill's or the configured one). The text goes to `llm_output`, or to the one key of `output_keys`;
 * with several keys the model is asked for a JSON object with those keys, each written to the context.
 */
export const compileLlmCall: NodeCompiler = (fields, { report }) => {
  fields.checkKnown(['prompt_template', 'model', 'output_keys', 'timeout_ms']);
  const source = fields.text('prompt_template', EXAMPLES.llm_call, true);
  const prompt =
    source === undefined
      ? undefined
      : compileText(fields.decl.place.block, fields.node('prompt_template'), report);
  const model = fields.text('model', 'model: openai:gpt-4o-mini');
  if (model && !model.includes(':'))
    report.error(
      'bad-field',
      `model is provider:model, e.g. openai:gpt-4o-mini, anthropic:claude-3-5-haiku-latest or compat:${model}`,
      ...fields.span('model'),
    );
  const keys = readOutputKeys(fields, EXAMPLES.llm_call);
  const timeoutMs = fields.count('timeout_ms', 'timeout_ms: 60000');
  if (!prompt || !keys || (model && !model.includes(':'))) return {};
  const json: JsonSchema | undefined =
    keys.length > 1
      ? { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, {}])), required: keys }
      : undefined;
  return {
    node: {
      kind: 'llm',
      id: fields.decl.path,
      at: report.ref(fields.decl.offset),
      prompt,
      ...(model ? { model } : {}),
      ...(json ? { json } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      output: outputTarget(keys, 'llm_output'),
    },
  };
};

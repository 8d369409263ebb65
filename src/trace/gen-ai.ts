// Attribute names of OpenTelemetry's GenAI semantic conventions (still "development" there, so they
// are spelled out here rather than imported from the incubating entry point, as that package advises).

export const GEN_AI = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  systemInstructions: 'gen_ai.system_instructions',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  toolName: 'gen_ai.tool.name',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
} as const;

/** `provider:model` split as the conventions want it: the provider's name and the model's. */
export function splitModel(model: string): { provider: string; name: string } {
  const colon = model.indexOf(':');
  return colon < 0
    ? { provider: 'unknown', name: model }
    : { provider: model.slice(0, colon), name: model.slice(colon + 1) };
}

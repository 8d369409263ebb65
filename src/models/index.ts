export { resolveModel } from './resolve.js';
export { complete } from './complete.js';
export { completeJson, type JsonRequest, type JsonCompletion } from './complete-json.js';
export { extractJson, type JsonExtraction } from './extract-json.js';
export { ModelConfigError, ModelCallError, ModelOutputError } from './errors.js';
export { modelProviders, type ModelProvider, type ProviderContext } from './providers/index.js';
export type { ResolvedModel } from './resolved-model.js';
export type { ModelRequest, ModelInput, Completion, Usage } from './request.js';
export { runToolLoop, type LoopTool, type ToolLoopRequest, type ToolLoopResult } from './tool-loop.js';

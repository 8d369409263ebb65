export { compilePipelineValue, type PipelineValue } from './compile-value.js';
export { compilePipelineCondition, type PipelineCondition } from './compile-condition.js';
export { compilePipelineTemplate, type PipelineTemplate } from './compile-template.js';
export type { CompileResult } from './result.js';
export type { PathRead } from './reads.js';
export { pipes } from './pipes/index.js';

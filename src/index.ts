// The library entry: what a host embedding Skein uses.
export * from './ir/index.js';
export { loadConfig, ConfigError } from './config/load-config.js';
export type { SkeinConfig, McpServerConfig } from './config/config.js';
export { loadPaths, type LoadedUnit } from './library/load-paths.js';
export { SkillLibrary, SkillLookupError } from './library/library.js';
export { openHost, type Host } from './host/open-host.js';
export { Runtime, type RunResult, type RunOptions } from './runtime/runtime.js';
export { RunFailure, RunRefused } from './runtime/errors.js';
export type { RunEvent, RunError, AwaitRequest } from './runtime/events.js';
export { defineTool, type Tool, type ToolContext } from './tools/tool.js';
export type { SkillContext, SkillExecutor, SkillSession, SkillConfigView } from './code/modules/index.js';
export {
  createPythonSandbox,
  PythonError,
  SandboxError,
  type PythonSandboxOptions,
} from './code/python/index.js';

// The library entry: what a host embedding Skein uses.
export * from './ir/index.js';
export { loadConfig, ConfigError } from './config/load-config.js';
export type { SkeinConfig, McpServerConfig } from './config/config.js';
export { loadPaths, type LoadedUnit } from './library/load-paths.js';
export { SkillLibrary, SkillLookupError } from './library/library.js';
export { openHost, type Host } from './host/open-host.js';
export {
  Runtime,
  type RunResult,
  type RunOptions,
  RunFailure,
  RunRefused,
  type RunEvent,
  type RunError,
  type AwaitRequest,
  defineTool,
  type Tool,
  type ToolContext,
} from './runtime/index.js';
export type { SkillContext, SkillExecutor, SkillSession, SkillConfigView } from './code/modules/index.js';
export {
  createPythonSandbox,
  PythonError,
  SandboxError,
  type PythonSandboxOptions,
} from './code/python/index.js';

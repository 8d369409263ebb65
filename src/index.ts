// The package entry: what a program embedding Skein uses. `openSkein` is the one way in for a program
// that runs skills; the library functions find and check skills without running anything.
export * from './ir/index.js';
export * from './errors/index.js';
export { loadConfig, ConfigError } from './config/load-config.js';
export type { SkeinConfig, McpServerConfig } from './config/config.js';
export {
  openSkein,
  type Skein,
  type SkeinOptions,
  type SkeinSkills,
  type StartedRun,
  type StoreChoice,
  type AwaitQuery,
  type FiredTick,
  type ScheduleView,
  type RunDiff,
  type StepDiff,
  type PendingAwait,
  type AwaitChange,
  type WatchAwaitsOptions,
  type PruneOptions,
  type PruneReport,
} from './host/index.js';
export {
  BadSkillError,
  checkCalls,
  loadLibrary,
  loadPaths,
  loadText,
  resolveSkill,
  SkillLibrary,
  SkillLookupError,
  type LoadedLibrary,
  type LoadedPaths,
  type LoadedUnit,
  type LoadOptions,
} from './skills/index.js';
export {
  Runtime,
  RunFailure,
  RunRefused,
  defineTool,
  type RunResult,
  type ForkOptions,
  type RunOptions,
  type RunEvent,
  type FollowedEvent,
  type RunError,
  type RunRecord,
  type RunStatus,
  type AwaitRequest,
  type Tool,
  type ToolContext,
  type WorkerLogEntry,
  type WebhookDelivery,
  type DeliveryPage,
  type DeliveryQuery,
  type DeliveryStatus,
} from './runtime/index.js';
export {
  buildRouteIndex,
  RouteIndex,
  type RouteCandidate,
  type RouteChoice,
  type RouteOptions,
  type RouteResult,
} from './routing/index.js';
export type { SkillContext, SkillExecutor, SkillSession, SkillConfigView } from './code/modules/index.js';
export {
  createPythonSandbox,
  PythonError,
  SandboxError,
  type PythonSandboxOptions,
} from './code/python/index.js';

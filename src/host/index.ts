// A configured Skein: the configuration turned into a runtime with its store, models, tools, code
// runners and skills. Surfaces use `openSkein`; features that compose runtimes of their own
// (`skein test`, chat) use `openHost` and `createLlmService`.
export {
  openSkein,
  type Skein,
  type SkeinOptions,
  type SkeinSkills,
  type StartedRun,
  type StoreChoice,
} from './open-skein.js';
export type { AwaitQuery, PendingAwait } from './awaits.js';
export type { DiffSide, RunDiff, StepDiff, StepState } from './run-diff.js';
export type { AwaitChange, WatchAwaitsOptions } from './watch-awaits.js';
export { PRUNE_EVERY_MS, type PruneOptions, type PruneReport } from './retention.js';
export { openHost, type Host, type HostOptions } from './open-host.js';
export { deliveryView } from './delivery-view.js';
export type { FiredTick, ScheduleView } from './schedules.js';
export { createLlmService } from './llm-service.js';
export { openStore } from './open-store.js';

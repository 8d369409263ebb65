// The interfaces the runtime calls and other folders implement: models (host over src/models), tools
// (src/tools), code (src/code), skills (src/skills), run stores and queues (src/store) and tracers
// (src/trace).
export type { CodeRunOptions, CodeService } from './code.js';
export type {
  LlmAnswer,
  LlmRequest,
  LlmService,
  LlmTool,
  LlmToolAnswer,
  LlmToolRequest,
  LlmTurn,
} from './llm.js';
export type { RunQueue } from './queue.js';
export type { RunWake, WakeListener } from './wake.js';
export type { SkillService } from './skills.js';
export type { RunSegment, RunTracer, TraceRef, TracedSegment } from './tracer.js';
export { PRUNE_BATCH } from './store.js';
export type {
  IdempotencyClaim,
  KeyHolder,
  NodeRecord,
  PruneQuery,
  PrunedRun,
  RunPage,
  RunQuery,
  RunRecord,
  RunStore,
  SkillRef,
  SkillSource,
  Write,
} from './store.js';
export {
  WEBHOOK_EVENTS,
  type DeliveryOutcome,
  type DeliveryPage,
  type DeliveryQuery,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookSubscription,
} from './webhook-outbox.js';
export { defineTool, type Tool, type ToolContext, type ToolService } from './tool.js';

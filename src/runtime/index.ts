// The runtime's one entry: what other folders may use. The runtime runs IR skills; it knows nothing of
// dialects, and every service it calls is an interface declared here (./ports) and implemented elsewhere.
export { MAX_CRASHES, Runtime, type ForkOptions, type RunOptions, type RunResult } from './runtime.js';
export { resultOf } from './record-outcome.js';
export { expireAwaits } from './await-timeout.js';
export { DEFAULT_KEEP_MS } from './idempotency.js';
export { startWorker, SWEEP_MS, type WorkerLogEntry } from './worker.js';
export { LEASE_MS } from './lease.js';
export type { RuntimeServices } from './services.js';
export type { RunListener } from './event-sink.js';
export { RunFailure, RunRefused, runNotFound } from './errors.js';
export {
  EPHEMERAL_EVENTS,
  type AwaitRequest,
  type RunError,
  type RunEvent,
  type RunEventBody,
  type RunStatus,
} from './events.js';
export { isoNow } from './clock.js';
export { DEFAULT_INPUT_LIMITS, inputLimitProblem, type InputLimits } from '../schema/input-limits.js';
export { followRun, type FollowedEvent, type FollowRunOptions } from './follow-run.js';
export { anyWake, LocalWake } from './local-wake.js';
export { Bell } from './bell.js';
export { statusDeliveries, webhookEvent, type ChangedRun } from './webhook-messages.js';
export * from './ports/index.js';

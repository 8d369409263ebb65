import type { ErrorCode } from '../errors/index.js';
import type { JsonSchema } from '../ir/schema.js';

/** What went wrong, in a form surfaces can show and tests can match. */
export interface RunError {
  /** A code of the catalog (src/errors/catalog.ts): `node_failed`, `output_invalid`, `budget_exceeded`, … */
  code: ErrorCode;
  message: string;
  /** The node (step) that failed, when one did. */
  step?: string;
}

/** Where the first part of a run was traced, so that its later parts can link to it. */
export interface TraceRef {
  traceId: string;
  spanId: string;
}

/** Why a run stopped to wait for a person, and what it expects back. */
export interface AwaitRequest {
  step: string;
  message: string;
  inputSchema: JsonSchema;
  /** A richer prompt for surfaces that can show one (engine skills' ask_user cards). */
  card?: unknown;
  /** The node of the run that waits, when it differs from `step` (a `call` whose child run waits). */
  node?: string;
}

export type RunStatus = 'running' | 'awaiting' | 'completed' | 'failed';

/** Where a fork came from: its parent run, and the step it runs from (the parent's records before it copied). */
export interface ForkedFrom {
  run: string;
  step: string;
}

/** A version of a skill and the digest of its files (absent for a skill no loader made). */
export interface SkillVersion {
  version: string;
  digest?: string;
}

/** A run started by a schedule (`schedules:` in skein.yaml): which one, and the tick it fired for. */
export interface RunTrigger {
  schedule: string;
  at: string;
}

/** One typed event of a run. Deltas are only streamed; every other event is also stored. */
export type RunEventBody =
  /** `trace`: where this first part of the run was traced, when a tracer is on. */
  | {
      type: 'run_started';
      skill: string;
      version: string;
      input: unknown;
      trace?: TraceRef;
      /** A fork's parent run and the step it runs again from. */
      forkedFrom?: ForkedFrom;
      /** What started it when nobody did: a schedule's tick. */
      trigger?: RunTrigger;
    }
  | { type: 'node_started'; node: string; kind: string; attempt: number }
  | { type: 'node_finished'; node: string; kind: string; value?: unknown; ms: number }
  | { type: 'node_skipped'; node: string; reason: 'guard' | 'not_chosen' }
  /** `lost`: the attempt was in flight when the process driving the run died (a worker took the run over). */
  | { type: 'node_failed'; node: string; error: string; attempt: number; willRetry: boolean; lost?: true }
  | { type: 'llm_delta'; node: string; text: string }
  /** One model call, when it has answered; `system`, `prompt` and `answer` only when content is recorded. */
  | {
      type: 'llm_usage';
      node: string;
      model: string;
      inputTokens?: number;
      outputTokens?: number;
      ms?: number;
      finishReason?: string;
      system?: string;
      prompt?: string;
      answer?: string;
    }
  | { type: 'tool_started'; node: string; tool: string; input: unknown }
  | { type: 'tool_finished'; node: string; tool: string; output: unknown; ms: number }
  /** A model asked for a tool it was not offered (or with input that does not parse); it was told, and nothing ran. */
  | { type: 'tool_refused'; node: string; tool: string; input: unknown; reason: string }
  | { type: 'log'; node: string; text: string }
  /** An agent's answer that was rejected (cut to 2,000 characters) and why; with `willRetry` it goes back to the model. */
  | {
      type: 'answer_rejected';
      node: string;
      code: ErrorCode;
      problems: string[];
      answer: string;
      attempt: number;
      willRetry: boolean;
    }
  | { type: 'awaiting'; request: AwaitRequest }
  | { type: 'resumed'; node: string; input: unknown }
  /**
   * The skill's files changed since the run started (`from`, the run's digest; `to`, the files' digest
   * now, or null when they are gone or no longer compile): the run goes on with the files it started with.
   */
  | { type: 'skill_changed'; from: string; to: string | null }
  /** The run was moved to another version of its skill (`resume --upgrade`, a fork with `upgrade`) and is pinned to it from here on. */
  | { type: 'upgraded'; from: SkillVersion; to: SkillVersion }
  | { type: 'completed'; output: unknown }
  | { type: 'failed'; error: RunError };

export type RunEvent = RunEventBody & { runId: string; seq: number; at: string };

/** Event types that are streamed to listeners but never stored. */
export const EPHEMERAL_EVENTS: ReadonlySet<RunEventBody['type']> = new Set(['llm_delta']);

import { z } from '@hono/zod-openapi';
import type { RunEvent } from '../runtime/index.js';
import { AwaitSchema, ForkedFromSchema, RunErrorSchema } from './run-schemas.js';

// The runtime's run events (src/runtime/events.ts) as the API sends them: one schema per `type`, one
// discriminated union. The types at the end make tsc fail when the two drift apart (ARCHITECTURE.md).

const base = { runId: z.string(), seq: z.number().int(), at: z.string().openapi({ format: 'date-time' }) };

/** One event's schema: its `type`, its own fields and the fields every event has. */
function event<T extends string, F extends z.ZodRawShape>(
  type: T,
  name: string,
  fields: F,
  description: string,
) {
  return z.object({ type: z.literal(type), ...fields, ...base }).openapi(name, { description });
}

const node = z.string().openapi({ description: 'the node (step) id' });
const SkillVersionSchema = z
  .object({ version: z.string(), digest: z.string().optional() })
  .openapi('SkillVersion', { description: 'a version of a skill and the sha256 of its files' });

export const RunEventSchema = z
  .discriminatedUnion('type', [
    event(
      'run_started',
      'RunStartedEvent',
      {
        skill: z.string(),
        version: z.string(),
        input: z.unknown(),
        trace: z
          .object({ traceId: z.string(), spanId: z.string() })
          .optional()
          .openapi({ description: 'where this first part of the run was traced, when a tracer is on' }),
        forkedFrom: ForkedFromSchema.optional(),
        trigger: z
          .object({ schedule: z.string(), at: z.string() })
          .optional()
          .openapi({ description: 'the schedule and tick that started the run, when one did' }),
      },
      'the run began',
    ),
    event(
      'node_started',
      'NodeStartedEvent',
      { node, kind: z.string(), attempt: z.number().int() },
      'a step began (again, with a higher attempt, when it is retried)',
    ),
    event(
      'node_finished',
      'NodeFinishedEvent',
      { node, kind: z.string(), value: z.unknown().optional(), ms: z.number() },
      'a step finished with its value',
    ),
    event(
      'node_skipped',
      'NodeSkippedEvent',
      { node, reason: z.enum(['guard', 'not_chosen']) },
      'a step did not run: its condition was false (`guard`) or a route chose another (`not_chosen`)',
    ),
    event(
      'node_failed',
      'NodeFailedEvent',
      {
        node,
        error: z.string(),
        attempt: z.number().int(),
        willRetry: z.boolean(),
        lost: z.literal(true).optional(),
      },
      'a step failed; with `willRetry` it runs again; `lost`: it was in flight when its worker died',
    ),
    event(
      'llm_delta',
      'LlmDeltaEvent',
      { node, text: z.string() },
      "a piece of a model's text, streamed as it comes; never stored (the stream sends it without an id)",
    ),
    event(
      'llm_usage',
      'LlmUsageEvent',
      {
        node,
        model: z.string(),
        inputTokens: z.number().int().optional(),
        outputTokens: z.number().int().optional(),
        ms: z.number().optional(),
        finishReason: z.string().optional(),
        system: z.string().optional(),
        prompt: z.string().optional(),
        answer: z.string().optional(),
      },
      'one model call, when it has answered; `system`, `prompt` and `answer` only when content is recorded',
    ),
    event(
      'tool_started',
      'ToolStartedEvent',
      { node, tool: z.string(), input: z.unknown() },
      'a tool was called',
    ),
    event(
      'tool_finished',
      'ToolFinishedEvent',
      { node, tool: z.string(), output: z.unknown(), ms: z.number() },
      'a tool answered',
    ),
    event(
      'tool_refused',
      'ToolRefusedEvent',
      { node, tool: z.string(), input: z.unknown(), reason: z.string() },
      'a model asked for a tool it was not offered (or with input that does not parse); it was told, and nothing ran',
    ),
    event('log', 'LogEvent', { node, text: z.string() }, 'a line a step logged'),
    event(
      'answer_rejected',
      'AnswerRejectedEvent',
      {
        node,
        code: z.string(),
        problems: z.array(z.string()),
        answer: z.string().openapi({ description: 'cut to 2,000 characters' }),
        attempt: z.number().int(),
        willRetry: z.boolean(),
      },
      "an agent's answer was rejected, and why; with `willRetry` it goes back to the model",
    ),
    event('awaiting', 'AwaitingEvent', { request: AwaitSchema }, 'the run paused for a person'),
    event(
      'resumed',
      'ResumedEvent',
      { node, input: z.unknown() },
      'the run was answered (or continued) and goes on',
    ),
    event(
      'skill_changed',
      'SkillChangedEvent',
      { from: z.string(), to: z.string().nullable() },
      "the skill's files changed since the run started (`to` null: gone or no longer compiling); the run goes on with the files it started with (`from`)",
    ),
    event(
      'upgraded',
      'UpgradedEvent',
      { from: SkillVersionSchema, to: SkillVersionSchema },
      'the run was moved to another version of its skill (`resume --upgrade`, a fork with `upgrade`) and is pinned to it from here on',
    ),
    event('completed', 'CompletedEvent', { output: z.unknown() }, 'the run completed with its output'),
    event('failed', 'FailedEvent', { error: RunErrorSchema }, 'the run failed'),
  ])
  .openapi('RunEvent', { description: 'one event of a run, by its `type`' });

/** A run event as the API's schema types it. */
export type ApiRunEvent = z.infer<typeof RunEventSchema>;

/** The field names of the member of `U` whose type is `T`. */
type FieldsOf<U, T> = U extends { type: T } ? keyof U : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/**
 * Checked by tsc, nothing at run time: the same event types on both sides, the same fields in each,
 * and every runtime event a valid API event. A new event or field in the runtime fails the build here
 * until the schema above has it (and `npm run generate` gives the web its types).
 */
type Agreement = [
  Same<RunEvent['type'], ApiRunEvent['type']>,
  { [T in RunEvent['type']]: Same<FieldsOf<RunEvent, T>, FieldsOf<ApiRunEvent, T>> }[RunEvent['type']],
  RunEvent extends ApiRunEvent ? true : false,
];
export type EventsAgree = Holds<Agreement extends [true, true, true] ? true : false>;

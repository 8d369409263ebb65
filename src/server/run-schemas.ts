import { z } from '@hono/zod-openapi';
import { jsonSchema, requestBody } from './schemas.js';

// The shapes of runs in the API: results, runs, their usage and trace, and the requests that start
// and answer them. Run events are in event-schemas.ts.

export const AwaitSchema = z
  .object({
    step: z.string(),
    message: z.string(),
    inputSchema: jsonSchema,
    card: z.unknown().optional().openapi({
      description: "a richer prompt for surfaces that can show one (engine skills' ask_user cards)",
    }),
    node: z.string().optional().openapi({
      description:
        'in events: the node that waits, when it differs from `step` (a `call` whose child run waits)',
    }),
  })
  .openapi('AwaitRequest', {
    description: 'why a run stopped to wait for a person, and what it expects back',
  });

export const RunErrorSchema = z
  .object({
    code: z.string().openapi({ example: 'cancelled' }),
    message: z.string(),
    step: z.string().optional(),
  })
  .openapi('RunError');

export const RunResultSchema = z
  .object({
    runId: z.string(),
    status: z.enum(['completed', 'awaiting', 'failed']),
    output: z.unknown().optional(),
    await: AwaitSchema.optional(),
    error: RunErrorSchema.optional(),
  })
  .openapi('RunResult');

export const ForkedFromSchema = z
  .object({
    run: z.string().openapi({ description: 'the parent run' }),
    step: z
      .string()
      .openapi({ description: "the step the fork ran again from (the parent's records before it copied)" }),
  })
  .openapi('ForkedFrom', { description: 'where a fork came from (`skein fork`)' });

export const RunStatusSchema = z.enum(['running', 'awaiting', 'completed', 'failed']).openapi('RunStatus');

export const RunSummarySchema = z
  .object({
    runId: z.string(),
    skill: z.string(),
    version: z.string(),
    digest: z
      .string()
      .optional()
      .openapi({ description: "sha256 of the skill's files the run is pinned to (resumes compile these)" }),
    status: RunStatusSchema,
    parentRunId: z.string().optional(),
    forkedFrom: ForkedFromSchema.optional(),
    error: RunErrorSchema.optional().openapi({ description: 'why a failed run failed' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('RunSummary');

const UsageTotalsSchema = z.object({
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number().optional(),
});

export const UsageSchema = UsageTotalsSchema.extend({
  byModel: z.record(z.string(), UsageTotalsSchema),
}).openapi('Usage', {
  description: 'model calls and tokens of a run; the cost where `trace.prices` has the model',
});

export const RunSchema = RunSummarySchema.extend({
  forks: z
    .array(z.object({ runId: z.string(), step: z.string(), status: RunStatusSchema }))
    .optional()
    .openapi({ description: 'the runs forked from this one (up to 200, newest first)' }),
  input: z.unknown(),
  output: z.unknown().optional(),
  await: AwaitSchema.optional(),
  usage: UsageSchema.optional(),
}).openapi('Run');

const TraceSpanSchema: z.ZodType = z
  .object({
    name: z.string(),
    kind: z.enum(['run', 'step', 'agent', 'chat', 'tool']),
    start: z.number(),
    end: z.number().optional(),
    status: z.enum(['ok', 'error', 'awaiting', 'open']),
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    children: z.array(z.lazy(() => TraceSpanSchema)),
  })
  .openapi('TraceSpan', { description: 'a span drawn from stored events; times in ms since the epoch' });

export const RunTraceSchema = z
  .object({ trace: z.array(TraceSpanSchema), usage: UsageSchema })
  .openapi('RunTrace');

export const RunListSchema = z
  .object({ runs: z.array(RunSummarySchema), next: z.string().optional() })
  .openapi('RunList');

export const RunRequestSchema = requestBody({
  input: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: "the skill's input; its schema is components.schemas['<id>.input']" }),
  version: z.string().optional().openapi({ description: 'a version of the skill; default the highest' }),
  wait: z.boolean().optional().openapi({
    description:
      'false: answer 202 with the run id at once while the run goes on (as `Prefer: respond-async`); default true',
  }),
  webhook: z
    .url({ protocol: /^https?$/ })
    .optional()
    .openapi({
      description:
        "an http(s) URL told of this run's completion, failure or pause (Standard Webhooks), besides the configured webhooks",
    }),
}).openapi('RunRequest');

export const StartedRunSchema = z
  .object({
    runId: z.string(),
    status: z.literal('running'),
    links: z.object({
      self: z.string().openapi({ description: 'the run: `GET` it for its status' }),
      events: z.string().openapi({ description: "the run's events (Server-Sent Events)" }),
    }),
  })
  .openapi('StartedRun', { description: 'a run started without waiting for it' });

export const ForkRequestSchema = requestBody({
  from: z
    .string()
    .optional()
    .openapi({ description: 'the step to run again from; default the first (a replay)' }),
  input: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: "the fork's input, checked against the skill's schema; default the parent's" }),
  set: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: 'values set in the state the step `from` sees, by dotted path' }),
  upgrade: z.boolean().optional().openapi({
    description:
      'true: run on the newest version of the skill when compatible, else 409 `upgrade_incompatible`',
  }),
}).openapi('ForkRequest');

export const ResumeRequestSchema = requestBody({
  input: z.record(z.string(), z.unknown()).optional().openapi({
    description:
      "the answer, checked against the await's inputSchema; omit it to continue a run whose process died",
  }),
  upgrade: z.boolean().optional().openapi({
    description:
      'true: first move the run to the newest version of its skill when compatible, else 409 `upgrade_incompatible` (as `skein resume --upgrade`)',
  }),
}).openapi('ResumeRequest');

import { z } from '@hono/zod-openapi';
import { DIALECT_NAMES } from '../ir/skill.js';

// The shapes of the API, once: the routes validate requests with them and /openapi.json is made from them.

const jsonSchema = z.record(z.string(), z.unknown()).openapi({ description: 'a JSON Schema' });

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() }).openapi('FieldError');

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'input_invalid' }),
      message: z.string(),
      fields: z.array(FieldErrorSchema).optional(),
    }),
  })
  .openapi('Error');

const AwaitSchema = z
  .object({
    step: z.string(),
    message: z.string(),
    inputSchema: jsonSchema,
    card: z.unknown().optional(),
  })
  .openapi('Await');

const RunErrorSchema = z
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

const RunStatusSchema = z.enum(['running', 'awaiting', 'completed', 'failed']);

export const RunSummarySchema = z
  .object({
    runId: z.string(),
    skill: z.string(),
    version: z.string(),
    status: RunStatusSchema,
    parentRunId: z.string().optional(),
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
  input: z.unknown(),
  output: z.unknown().optional(),
  await: AwaitSchema.optional(),
  error: RunErrorSchema.optional(),
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

export const EventSchema = z
  .looseObject({ runId: z.string(), seq: z.number().int(), at: z.string(), type: z.string() })
  .openapi('Event', { description: 'a run event; the other fields depend on its type' });

export const SkillSummarySchema = z
  .object({
    id: z.string(),
    version: z.string(),
    versions: z.array(z.string()),
    dialect: z.enum(DIALECT_NAMES),
    description: z.string(),
    tags: z.array(z.string()),
    executable: z.boolean(),
  })
  .openapi('SkillSummary');

export const SkillSchema = SkillSummarySchema.extend({
  input: jsonSchema,
  output: jsonSchema,
  graph: z
    .object({
      entry: z.string(),
      nodes: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          label: z.string(),
          group: z
            .string()
            .optional()
            .openapi({ description: 'the subgraph (in `groups`) the node belongs to' }),
        }),
      ),
      edges: z.array(
        z.object({ from: z.string(), to: z.string(), kind: z.enum(['next', 'route', 'fallback']) }),
      ),
      groups: z
        .array(
          z.object({
            id: z.string(),
            label: z.string(),
            kind: z.enum(['subgraph']),
            entry: z.string(),
            callers: z.array(z.string()).openapi({ description: 'the `call` nodes that run it' }),
          }),
        )
        .optional()
        .openapi({
          description: "the skill's subgraphs, each drawn as a box around its nodes; only when it has some",
        }),
    })
    .optional(),
  doc: z
    .object({
      summary: z.string(),
      chunks: z.array(z.object({ id: z.string(), description: z.string() })),
    })
    .optional(),
}).openapi('Skill');

export const FileReportSchema = z
  .object({
    path: z.string(),
    dialect: z.enum(DIALECT_NAMES).nullable(),
    skills: z.array(z.object({ id: z.string(), version: z.string() })),
    diagnostics: z.array(
      z.object({
        severity: z.enum(['error', 'warning']),
        code: z.string(),
        message: z.string(),
        line: z.number().int(),
        column: z.number().int(),
        endLine: z.number().int().optional(),
        endColumn: z.number().int().optional(),
        file: z.string().optional(),
      }),
    ),
  })
  .openapi('FileReport');

export const RunRequestSchema = z
  .object({
    input: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "the skill's input; its schema is components.schemas['<id>.input']" }),
    version: z.string().optional().openapi({ description: 'a version of the skill; default the highest' }),
  })
  .openapi('RunRequest');

export const ResumeRequestSchema = z
  .object({
    input: z.record(z.string(), z.unknown()).optional().openapi({
      description:
        "the answer, checked against the await's inputSchema; omit it to continue a run whose process died",
    }),
  })
  .openapi('ResumeRequest');

export const ValidateRequestSchema = z
  .object({
    text: z.string(),
    path: z
      .string()
      .optional()
      .openapi({ description: 'a file name that helps recognise the dialect', example: 'skill.md' }),
    dialect: z.enum(DIALECT_NAMES).optional(),
  })
  .openapi('ValidateRequest');

/** An error answer of a route, for its `responses`. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ErrorSchema } } };
}

/** A JSON answer of a route, for its `responses`. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A JSON request body, for a route's `request`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: false } as const;
}

/** `text/event-stream` with the run's events, for a route's `responses`. */
export const eventStream = {
  'text/event-stream': {
    schema: z.string().openapi({
      description:
        'Server-Sent Events: `id: <seq>`, `event: <type>`, `data: <event JSON>`; events that are only streamed (llm_delta) have no id',
    }),
  },
};

import { z } from '@hono/zod-openapi';
import { DIALECT_NAMES } from '../ir/skill.js';
import { didYouMean } from '../text/did-you-mean.js';

// The shapes of the API, once: the routes validate requests with them and /openapi.json is made from them.

/**
 * A request body's object: a field it does not take is refused (`unknown_field`, with the nearest
 * field it does take), so a misspelt `inputs` is not silently ignored.
 */
export function requestBody<T extends z.ZodRawShape>(shape: T) {
  const names = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => `unknown field "${k}"${didYouMean(k, names)}`).join('; ')
        : undefined,
  });
}

export const jsonSchema = z
  .record(z.string(), z.unknown())
  .openapi('JsonSchema', { description: 'a JSON Schema' });

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

export const SkillSummarySchema = z
  .object({
    id: z.string(),
    version: z.string(),
    versions: z.array(z.string()),
    dialect: z.enum(DIALECT_NAMES),
    description: z.string(),
    tags: z.array(z.string()),
    executable: z.boolean(),
    needsModel: z.boolean().openapi({
      description: 'whether running it needs a model: a step of it, or of a skill it calls, asks one',
    }),
  })
  .openapi('SkillSummary');

const GraphNodeSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    label: z.string(),
    group: z.string().optional().openapi({ description: 'the subgraph (in `groups`) the node belongs to' }),
  })
  .openapi('GraphNode');

const GraphEdgeSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    kind: z.enum(['next', 'route', 'fallback']),
    label: z.string().optional().openapi({
      description:
        "when the edge is taken, where known: a condition (`when confirm == true`), a route's choice, `otherwise`, `fallback`",
    }),
  })
  .openapi('GraphEdge');

const GraphGroupSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    kind: z.enum(['subgraph']),
    entry: z.string(),
    callers: z.array(z.string()).openapi({ description: 'the `call` nodes that run it' }),
  })
  .openapi('GraphGroup', { description: 'a subgraph, drawn as a box around its nodes' });

export const SkillSchema = SkillSummarySchema.extend({
  input: jsonSchema,
  output: jsonSchema,
  graph: z
    .object({
      entry: z.string(),
      nodes: z.array(GraphNodeSchema),
      edges: z.array(GraphEdgeSchema),
      groups: z.array(GraphGroupSchema).optional().openapi({
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
}).openapi('SkillDetail');

export const DiagnosticSchema = z
  .object({
    severity: z.enum(['error', 'warning', 'info']),
    code: z.string(),
    message: z.string(),
    line: z.number().int(),
    column: z.number().int(),
    endLine: z.number().int().optional(),
    endColumn: z.number().int().optional(),
    file: z.string().optional().openapi({
      description: "when the finding is in another file than the report's own (a file inside a skill folder)",
    }),
    fix: z
      .object({
        line: z.number().int(),
        column: z.number().int(),
        endLine: z.number().int(),
        endColumn: z.number().int(),
        text: z.string(),
      })
      .optional()
      .openapi({
        description: 'the edit that fixes the finding: replace line:column up to endLine:endColumn with text',
      }),
  })
  .openapi('Diagnostic', { description: 'lines and columns count from 1' });

export const FileReportSchema = z
  .object({
    path: z.string(),
    dialect: z.enum(DIALECT_NAMES).nullable(),
    skills: z.array(z.object({ id: z.string(), version: z.string() })),
    diagnostics: z.array(DiagnosticSchema),
  })
  .openapi('FileReport');

export const ValidateRequestSchema = requestBody({
  text: z.string(),
  path: z.string().optional().openapi({
    description:
      'the name the text is checked under (it helps recognise the dialect); only a name: the server never opens it',
    example: 'skill.md',
  }),
  dialect: z.enum(DIALECT_NAMES).optional(),
  files: z
    .record(z.string(), z.string())
    .optional()
    .openapi({
      description:
        "the skill's other files (prompt.md, references, scripts) by path, in the same names as `path`; links and companions resolve among these only",
      example: { 'pdf/references/forms.md': '# Forms' },
    }),
}).openapi('ValidateRequest');

/** An error answer of a route, for its `responses`. */
export function documentedError(description: string) {
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

import { createRoute, z } from '@hono/zod-openapi';
import type { Skein } from '../../host/index.js';
import { newOpenApiApp } from '../openapi-app.js';
import { ForkedFromSchema, RunStatusSchema } from '../run-schemas.js';
import { documentedError } from '../schemas.js';
import { ambiguousRunResponse, RunIdParam } from './run-id.js';

const StepStateSchema = z
  .object({
    status: z.enum(['done', 'skipped', 'awaiting', 'failed', 'started']),
    input: z.unknown().optional().openapi({
      description:
        "a tool's input, a person's answer or a model's prompt (when recorded); a fork's copied step: its parent's",
    }),
    output: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: 'what the step wrote, by dotted path' }),
  })
  .openapi('StepState');

const DiffSideSchema = z.object({
  runId: z.string(),
  skill: z.string(),
  version: z.string(),
  status: RunStatusSchema,
  input: z.unknown(),
  output: z.unknown().optional(),
  forkedFrom: ForkedFromSchema.optional(),
});

export const RunDiffSchema = z
  .object({
    a: DiffSideSchema,
    b: DiffSideSchema,
    changed: z.array(z.enum(['input', 'output', 'status'])),
    steps: z.array(
      z.object({
        step: z.string(),
        a: StepStateSchema.optional(),
        b: StepStateSchema.optional(),
        changed: z.array(z.enum(['status', 'input', 'output'])),
      }),
    ),
  })
  .openapi('RunDiff', { description: 'two runs step by step (as `skein diff --json`)' });

const diffRuns = createRoute({
  method: 'get',
  path: '/runs/{runId}/diff/{otherId}',
  operationId: 'diffRuns',
  summary:
    'Two runs step by step: each step’s status, input and output in either, and what differs (like `skein diff --json`)',
  request: {
    params: RunIdParam.extend({
      otherId: z.string().openapi({
        param: { name: 'otherId', in: 'path' },
        description: 'the other run (id or unique prefix)',
      }),
    }),
  },
  responses: {
    200: { description: 'the diff', content: { 'application/json': { schema: RunDiffSchema } } },
    400: ambiguousRunResponse,
    404: documentedError('no such run'),
  },
});

/** `GET /v1/runs/{runId}/diff/{otherId}`. */
export function runDiffRoutes(skein: Skein) {
  return newOpenApiApp().openapi(diffRuns, async (c) => {
    const { runId, otherId } = c.req.valid('param');
    return c.json(await skein.diff(runId, otherId), 200);
  });
}

import { createRoute, z } from '@hono/zod-openapi';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError, jsonResponse, jsonSchema } from '../schemas.js';
import type { RunHub } from '../run-hub.js';

const PendingAwaitSchema = z
  .object({
    runId: z.string(),
    skill: z.string(),
    version: z.string(),
    step: z.string().openapi({ description: 'the step that waits' }),
    message: z.string(),
    schema: jsonSchema,
    since: z.string().openapi({ description: 'when the run began to wait (ISO 8601)' }),
  })
  .openapi('PendingAwait', { description: 'a question a paused run puts to a person' });

const AwaitListSchema = z.object({ awaits: z.array(PendingAwaitSchema) }).openapi('AwaitList');

const listAwaits = createRoute({
  method: 'get',
  path: '/awaits',
  operationId: 'listAwaits',
  summary: 'The inbox: every run that awaits a person, oldest wait first',
  request: {
    query: z.object({
      skill: z.string().optional().openapi({ description: 'a skill id' }),
      minAge: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .openapi({ description: 'only runs that have waited at least this many seconds' }),
    }),
  },
  responses: {
    200: jsonResponse(AwaitListSchema, 'the pending questions'),
    400: documentedError('a bad query'),
  },
});

/** `GET /v1/awaits`. */
export function awaitRoutes(hub: RunHub) {
  return newOpenApiApp().openapi(listAwaits, async (c) => {
    const { skill, minAge } = c.req.valid('query');
    const awaits = await hub.skein.awaits({
      skill,
      olderThanMs: minAge === undefined ? undefined : minAge * 1000,
    });
    return c.json({ awaits }, 200);
  });
}

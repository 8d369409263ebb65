import { createRoute, z } from '@hono/zod-openapi';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError, jsonSchema } from '../schemas.js';
import { streamAwaits } from '../await-stream.js';
import { wantsEventStream, type StreamSettings } from '../sse.js';

const PendingAwaitSchema = z
  .object({
    runId: z.string(),
    skill: z.string(),
    version: z.string(),
    step: z.string().openapi({ description: 'the step that waits' }),
    message: z.string(),
    schema: jsonSchema,
    card: z
      .unknown()
      .optional()
      .openapi({ description: "an engine skill's `ask_user` card, when the step has one" }),
    since: z.string().openapi({ description: 'when the run began to wait (ISO 8601)' }),
  })
  .openapi('PendingAwait', { description: 'a question a paused run puts to a person' });

const AwaitListSchema = z.object({ awaits: z.array(PendingAwaitSchema) }).openapi('AwaitList');

const listAwaits = createRoute({
  method: 'get',
  path: '/awaits',
  operationId: 'listAwaits',
  summary:
    'The inbox: every run that awaits a person, oldest wait first; or, as an event stream, as it changes',
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
    200: {
      description:
        'the pending questions; with `Accept: text/event-stream`, Server-Sent Events: `snapshot` ({awaits}) first, then `await.added` (a pending question) and `await.removed` ({runId}) as they change',
      content: {
        'application/json': { schema: AwaitListSchema },
        'text/event-stream': { schema: z.string() },
      },
    },
    400: documentedError('a bad query'),
  },
});

/** `GET /v1/awaits`: JSON, or the live stream of the inbox with `Accept: text/event-stream`. */
export function awaitRoutes(settings: StreamSettings) {
  return newOpenApiApp().openapi(listAwaits, async (c) => {
    const { skill, minAge } = c.req.valid('query');
    const query = { skill, olderThanMs: minAge === undefined ? undefined : minAge * 1000 };
    if (wantsEventStream(c)) return streamAwaits(c, settings, query);
    return c.json({ awaits: await settings.hub.skein.awaits(query) }, 200);
  });
}

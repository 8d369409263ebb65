import { createRoute, z } from '@hono/zod-openapi';
import { newOpenApiApp } from '../openapi-app.js';
import { RunEventSchema } from '../event-schemas.js';
import { documentedError, eventStream } from '../schemas.js';
import { streamRun, wantsEventStream, type StreamSettings } from '../sse.js';
import { eventView } from '../views.js';
import { ambiguousRunResponse, RunIdParam, runNamed } from './run-id.js';

const seq = z.coerce.number().int().min(-1);

const runEvents = createRoute({
  method: 'get',
  path: '/runs/{runId}/events',
  operationId: 'getRunEvents',
  summary: "A run's events: the stored log, then live events until the run completes, fails or awaits",
  request: {
    params: RunIdParam,
    query: z.object({ after: seq.optional().openapi({ description: 'only events with a greater seq' }) }),
    headers: z.object({
      'last-event-id': seq
        .optional()
        .openapi({ description: 'as `after`; sent by an EventSource that reconnects' }),
    }),
  },
  responses: {
    200: {
      description:
        'Server-Sent Events (the default), or with `Accept: application/json` the stored events so far',
      content: {
        ...eventStream,
        'application/json': { schema: z.object({ events: z.array(RunEventSchema) }) },
      },
    },
    400: ambiguousRunResponse,
    404: documentedError('no such run'),
  },
});

/** `GET /v1/runs/{runId}/events`. */
export function eventRoutes(settings: StreamSettings) {
  const { hub, root } = settings;
  return newOpenApiApp().openapi(runEvents, async (c) => {
    const { id: runId } = await runNamed(hub.skein, c.req.valid('param').runId);
    const after = c.req.valid('header')['last-event-id'] ?? c.req.valid('query').after ?? -1;
    if (!wantsEventStream(c) && /\bapplication\/json\b/.test(c.req.header('accept') ?? ''))
      return c.json({ events: (await hub.skein.events(runId, after)).map((e) => eventView(e, root)) }, 200);
    return streamRun(c, settings, runId, after);
  });
}

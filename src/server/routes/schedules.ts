import { createRoute, z } from '@hono/zod-openapi';
import type { Skein } from '../../host/index.js';
import { newOpenApiApp } from '../openapi-app.js';
import { jsonResponse } from '../schemas.js';

const ScheduleSchema = z
  .object({
    id: z.string(),
    skill: z.string().openapi({ description: 'the skill it starts: an id, or id@version' }),
    cron: z.string(),
    timezone: z.string().optional(),
    catchUp: z.enum(['none', 'last']),
    input: z.unknown(),
    next: z.array(z.string()).openapi({ description: 'the next three fire times (ISO 8601, UTC)' }),
  })
  .openapi('Schedule', { description: 'a skill started on a cron (`schedules:` in skein.yaml)' });

const listSchedules = createRoute({
  method: 'get',
  path: '/schedules',
  operationId: 'listSchedules',
  summary: 'The schedules of skein.yaml and when each fires next (like `skein schedules --json`)',
  responses: {
    200: jsonResponse(
      z.object({ schedules: z.array(ScheduleSchema) }).openapi('ScheduleList'),
      'the schedules',
    ),
  },
});

/** `GET /v1/schedules`. */
export function scheduleRoutes(skein: Skein) {
  return newOpenApiApp().openapi(listSchedules, (c) => c.json({ schedules: skein.schedules() }, 200));
}

import { createRoute, z } from '@hono/zod-openapi';
import { newOpenApiApp } from '../openapi-app.js';
import { jsonResponse } from '../schemas.js';

const HealthSchema = z.object({ status: z.literal('ok'), version: z.string() }).openapi('Health');

const health = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  summary: 'Whether the server is up (needs no token)',
  security: [],
  responses: { 200: jsonResponse(HealthSchema, 'the server is up') },
});

/** `GET /v1/health`. */
export function healthRoutes(version: string) {
  return newOpenApiApp().openapi(health, (c) => c.json({ status: 'ok' as const, version }, 200));
}

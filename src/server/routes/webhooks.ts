import { createRoute, z } from '@hono/zod-openapi';
import { deliveryView } from '../../host/index.js';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError, jsonResponse } from '../schemas.js';
import type { RunHub } from '../run-hub.js';

const DeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']).openapi('DeliveryStatus');

const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: 'the message id, sent as `webhook-id` on every attempt' }),
    runId: z.string(),
    event: z.enum(['run.completed', 'run.failed', 'run.awaiting']),
    url: z.string(),
    status: DeliveryStatusSchema,
    attempts: z.number().int(),
    nextAttemptAt: z
      .string()
      .optional()
      .openapi({ description: 'when the next attempt is due (ISO 8601), while pending' }),
    lastStatus: z.number().int().optional().openapi({ description: 'the HTTP status of the last attempt' }),
    lastError: z.string().optional().openapi({ description: 'why the last attempt failed' }),
    createdAt: z.string(),
    deliveredAt: z.string().optional(),
  })
  .openapi('WebhookDelivery', { description: 'one message to one receiver about one status change' });

const DeliveryListSchema = z
  .object({ deliveries: z.array(DeliverySchema), next: z.string().optional() })
  .openapi('WebhookDeliveryList');

const listDeliveries = createRoute({
  method: 'get',
  path: '/webhooks/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'Webhook deliveries, newest first: where each stands, its attempts and next attempt',
  request: {
    query: z.object({
      run: z.string().optional().openapi({ description: 'only the deliveries of this run id' }),
      status: DeliveryStatusSchema.optional(),
      limit: z.coerce.number().int().min(1).max(200).default(20),
      cursor: z.string().regex(/^\d+$/, 'must be the `next` of a page').optional(),
    }),
  },
  responses: {
    200: jsonResponse(DeliveryListSchema, 'a page of deliveries; `next` is the cursor of the next page'),
    400: documentedError('a bad query'),
  },
});

/** `GET /v1/webhooks/deliveries`. */
export function webhookRoutes(hub: RunHub) {
  return newOpenApiApp().openapi(listDeliveries, async (c) => {
    const { run, status, limit, cursor } = c.req.valid('query');
    const page = await hub.skein.deliveries({ runId: run, status, limit, cursor });
    return c.json(
      { deliveries: page.deliveries.map(deliveryView), ...(page.next ? { next: page.next } : {}) },
      200,
    );
  });
}

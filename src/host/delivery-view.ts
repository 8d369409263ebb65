import type { WebhookDelivery } from '../runtime/index.js';

/** A webhook delivery as `skein webhooks --json` and `GET /v1/webhooks/deliveries` show it: times as ISO 8601, no body. */
export function deliveryView(d: WebhookDelivery) {
  return {
    id: d.id,
    runId: d.runId,
    event: d.event,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    ...(d.status === 'pending' && { nextAttemptAt: new Date(d.nextAttemptAt).toISOString() }),
    ...(d.lastStatus !== undefined && { lastStatus: d.lastStatus }),
    ...(d.lastError !== undefined && { lastError: d.lastError }),
    createdAt: d.createdAt,
    ...(d.deliveredAt !== undefined && { deliveredAt: d.deliveredAt }),
  };
}

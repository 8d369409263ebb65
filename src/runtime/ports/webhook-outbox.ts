// The webhook outbox the run store keeps: deliveries written in the transaction that changes a run's
// status, read and settled by a deliverer (src/runtime/webhook-deliverer.ts).

/** The status changes a webhook may be sent for. */
export type WebhookEvent = 'run.completed' | 'run.failed' | 'run.awaiting';

/** Every webhook event, in the order the docs list them. */
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['run.completed', 'run.failed', 'run.awaiting'];

/** A receiver of some status changes of every run (`webhooks:` in skein.yaml). */
export interface WebhookSubscription {
  url: string;
  events: readonly WebhookEvent[];
}

/** Where a delivery stands: waiting to be sent (again), received, or given up on. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message to one receiver about one status change of one run. */
export interface WebhookDelivery {
  /** The message id, sent as `webhook-id` on every attempt (`msg_…`). */
  id: string;
  runId: string;
  event: WebhookEvent;
  url: string;
  /** The exact request body, JSON text: `{type, timestamp, data}`. */
  body: string;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due (ms since the epoch), while pending. */
  nextAttemptAt: number;
  createdAt: string;
  /** The HTTP status of the last attempt, when the receiver answered. */
  lastStatus?: number;
  /** Why the last attempt failed. */
  lastError?: string;
  deliveredAt?: string;
}

/** The result of one attempt: received (2xx), or failed and due again at `retryAt` (absent: given up). */
export type DeliveryOutcome =
  | { delivered: true; status: number }
  | { delivered: false; status?: number; error: string; retryAt?: number };

/** Which deliveries to list: newest first, at most `limit`, after the page a `cursor` ended. */
export interface DeliveryQuery {
  limit: number;
  status?: DeliveryStatus;
  runId?: string;
  cursor?: string;
}

/** One page of deliveries, and the cursor of the next page when there are more. */
export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  next?: string;
}

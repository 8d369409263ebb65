import { randomUUID } from 'node:crypto';
import type { RunStatus } from './events.js';
import type { RunRecord } from './ports/store.js';
import type { WebhookDelivery, WebhookEvent, WebhookSubscription } from './ports/webhook-outbox.js';

/** What a store knows of a run when its status changes: enough to address and fill the messages. */
export interface ChangedRun {
  id: string;
  skillId: string;
  skillVersion: string;
  webhook?: string | null;
  parentRunId?: string | null;
}

/** The fields of the change that the message carries. */
type ChangeFields = Partial<Pick<RunRecord, 'output' | 'error' | 'awaiting'>>;

const EVENT_OF: Partial<Record<RunStatus, WebhookEvent>> = {
  completed: 'run.completed',
  failed: 'run.failed',
  awaiting: 'run.awaiting',
};

/** The webhook event a move to `to` is, if any (a move back to running is none). */
export function webhookEvent(to: RunStatus): WebhookEvent | undefined {
  return EVENT_OF[to];
}

/**
 * The outbox rows of one status change: one per subscription that asked for its event and one to the
 * run's own webhook, each with a body in the Standard Webhooks shape `{type, timestamp, data}`. A child
 * run (of a call or subgraph) has none: its parent's change is the one a receiver hears of.
 */
export function statusDeliveries(
  subscriptions: readonly WebhookSubscription[],
  run: ChangedRun,
  to: RunStatus,
  fields: ChangeFields,
  now: number = Date.now(),
): WebhookDelivery[] {
  const event = webhookEvent(to);
  if (!event || run.parentRunId) return [];
  const urls = subscriptions.filter((s) => s.events.includes(event)).map((s) => s.url);
  if (run.webhook) urls.push(run.webhook);
  if (!urls.length) return [];
  const timestamp = new Date(now).toISOString();
  const data: Record<string, unknown> = {
    runId: run.id,
    skill: { id: run.skillId, version: run.skillVersion },
    status: to,
  };
  if (to === 'completed' && fields.output !== undefined) data.output = fields.output;
  if (to === 'failed' && fields.error !== undefined) data.error = fields.error;
  if (to === 'awaiting' && fields.awaiting !== undefined) data.awaiting = fields.awaiting;
  const body = JSON.stringify({ type: event, timestamp, data });
  return [...new Set(urls)].map((url) => ({
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    runId: run.id,
    event,
    url,
    body,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: timestamp,
  }));
}

import type { ChangedRun, DeliveryStatus, WebhookDelivery, WebhookEvent } from '../runtime/index.js';

/** A webhook delivery as the SQL stores keep it (a BIGINT may come back as text). */
export interface DeliveryRow {
  id: string;
  run_id: string;
  event: WebhookEvent;
  url: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | string;
  created_at: string;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
}

/** The delivery a row holds. */
export function toDelivery(row: DeliveryRow): WebhookDelivery {
  const d: WebhookDelivery = {
    id: row.id,
    runId: row.run_id,
    event: row.event,
    url: row.url,
    body: row.body,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    createdAt: row.created_at,
  };
  if (row.last_status !== null) d.lastStatus = row.last_status;
  if (row.last_error !== null) d.lastError = row.last_error;
  if (row.delivered_at !== null) d.deliveredAt = row.delivered_at;
  return d;
}

/** The values of a new delivery, in the order of the stores' INSERT columns. */
export function deliveryValues(d: WebhookDelivery): unknown[] {
  return [d.id, d.runId, d.event, d.url, d.body, d.status, d.attempts, d.nextAttemptAt, d.createdAt];
}

/** The columns of a new delivery. */
export const DELIVERY_COLUMNS = 'id, run_id, event, url, body, status, attempts, next_attempt_at, created_at';

/** The columns a move that webhooks may hear of returns (`RETURNING ${CHANGED_COLUMNS}`). */
export interface ChangedRow {
  id: string;
  skill_id: string;
  skill_version: string;
  webhook: string | null;
  parent_run_id: string | null;
}

/** What a status change returns for its outbox rows. */
export const CHANGED_COLUMNS = 'id, skill_id, skill_version, webhook, parent_run_id';

/** The run a returned row names. */
export function changedRun(row: ChangedRow): ChangedRun {
  return {
    id: row.id,
    skillId: row.skill_id,
    skillVersion: row.skill_version,
    webhook: row.webhook,
    parentRunId: row.parent_run_id,
  };
}

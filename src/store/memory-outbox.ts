import type { DeliveryOutcome, DeliveryPage, DeliveryQuery, WebhookDelivery } from '../runtime/index.js';
import { settled } from './delivery-outcome.js';

/** The memory store's webhook outbox: deliveries in the order they were written. */
export class MemoryOutbox {
  private readonly deliveries: WebhookDelivery[] = [];
  private readonly byId = new Map<string, WebhookDelivery>();

  /** Adds deliveries written by a status change. */
  add(deliveries: readonly WebhookDelivery[]): void {
    for (const d of deliveries) {
      const copy = { ...d };
      this.deliveries.push(copy);
      this.byId.set(d.id, copy);
    }
  }

  /** Deletes the deliveries of these runs (retention). */
  deleteOfRuns(runIds: ReadonlySet<string>): void {
    const kept = this.deliveries.filter((d) => !runIds.has(d.runId));
    for (const d of this.deliveries) if (runIds.has(d.runId)) this.byId.delete(d.id);
    this.deliveries.splice(0, this.deliveries.length, ...kept);
  }

  /** Pending deliveries due at `now`, oldest due first, put off to `now + holdMs`. */
  claim(now: number, limit: number, holdMs: number): WebhookDelivery[] {
    const due = this.deliveries
      .filter((d) => d.status === 'pending' && d.nextAttemptAt <= now)
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
      .slice(0, limit);
    for (const d of due) d.nextAttemptAt = now + holdMs;
    return due.map(copyOf);
  }

  /** Records an attempt's outcome. */
  record(id: string, outcome: DeliveryOutcome): void {
    const d = this.byId.get(id);
    if (d) Object.assign(d, settled(d.attempts, outcome));
  }

  /** Newest first; the cursor is a position in the order deliveries were written. */
  list(query: DeliveryQuery): DeliveryPage {
    const found: WebhookDelivery[] = [];
    let i = query.cursor === undefined ? this.deliveries.length - 1 : Number(query.cursor) - 1;
    for (; i >= 0 && found.length <= query.limit; i--) {
      const d = this.deliveries[i];
      if ((!query.status || d.status === query.status) && (!query.runId || d.runId === query.runId))
        found.push(copyOf(d));
    }
    if (found.length <= query.limit) return { deliveries: found };
    return { deliveries: found.slice(0, query.limit), next: String(i + 2) };
  }
}

/** A delivery as callers get it: their own object, without the fields that are not set. */
function copyOf(d: WebhookDelivery): WebhookDelivery {
  return Object.fromEntries(
    Object.entries(d).filter(([, v]) => v !== undefined),
  ) as unknown as WebhookDelivery;
}

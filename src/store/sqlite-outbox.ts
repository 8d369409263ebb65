import type Database from 'better-sqlite3';
import type { DeliveryOutcome, DeliveryPage, DeliveryQuery, WebhookDelivery } from '../runtime/index.js';
import { settled } from './delivery-outcome.js';
import { DELIVERY_COLUMNS, deliveryValues, toDelivery, type DeliveryRow } from './delivery-row.js';

/** The SQLite store's webhook outbox (table `webhook_deliveries`, ordered by rowid). */
export class SqliteOutbox {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      insert: db.prepare(
        `INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      claim: db.prepare(
        `UPDATE webhook_deliveries SET next_attempt_at = ? WHERE rowid IN (
           SELECT rowid FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
           ORDER BY next_attempt_at LIMIT ?)
         RETURNING *`,
      ),
      attempts: db.prepare('SELECT attempts FROM webhook_deliveries WHERE id = ?').pluck(),
      record: db.prepare(
        `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_status = ?,
           last_error = ?, delivered_at = ? WHERE id = ?`,
      ),
    };
  }

  /** Writes deliveries (inside the caller's transaction). */
  add(deliveries: readonly WebhookDelivery[]): void {
    for (const d of deliveries) this.stmt.insert.run(...deliveryValues(d));
  }

  /** Pending deliveries due at `now`, oldest due first, put off to `now + holdMs` in one statement. */
  claim(now: number, limit: number, holdMs: number): WebhookDelivery[] {
    const rows = this.stmt.claim.all(now + holdMs, now, limit) as DeliveryRow[];
    return rows.map(toDelivery).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Records an attempt's outcome. */
  record(id: string, outcome: DeliveryOutcome): void {
    this.db
      .transaction(() => {
        const attempts = this.stmt.attempts.get(id) as number | undefined;
        if (attempts === undefined) return;
        const s = settled(attempts, outcome);
        this.stmt.record.run(
          s.status,
          s.attempts,
          s.nextAttemptAt,
          s.lastStatus ?? null,
          s.lastError ?? null,
          s.deliveredAt ?? null,
          id,
        );
      })
      .immediate();
  }

  /** Newest first; the cursor is the last row's rowid. */
  list(query: DeliveryQuery): DeliveryPage {
    const filters = [
      ['status = ?', query.status],
      ['run_id = ?', query.runId],
      ['rowid < ?', query.cursor === undefined ? undefined : Number(query.cursor)],
    ].filter(([, value]) => value !== undefined) as [string, unknown][];
    const where = filters.length ? `WHERE ${filters.map(([sql]) => sql).join(' AND ')}` : '';
    const rows = this.db
      .prepare(`SELECT rowid AS position, * FROM webhook_deliveries ${where} ORDER BY rowid DESC LIMIT ?`)
      .all(...filters.map(([, value]) => value), query.limit + 1) as (DeliveryRow & { position: number })[];
    const page: DeliveryPage = { deliveries: rows.slice(0, query.limit).map(toDelivery) };
    if (rows.length > query.limit) page.next = String(rows[query.limit - 1].position);
    return page;
  }
}

import type pg from 'pg';
import type { DeliveryOutcome, DeliveryPage, DeliveryQuery, WebhookDelivery } from '../../runtime/index.js';
import { settled } from '../delivery-outcome.js';
import { DELIVERY_COLUMNS, toDelivery, type DeliveryRow } from '../delivery-row.js';
import { pageQuery } from './rows.js';
import { inTransaction, retried, type Tx } from './transaction.js';

/** The PostgreSQL store's webhook outbox (`skein.webhook_deliveries`, migration 3). */
export class PgOutbox {
  constructor(private readonly pool: pg.Pool) {}

  /** Writes deliveries in the caller's transaction, in one statement. */
  async add(tx: Tx, deliveries: readonly WebhookDelivery[]): Promise<void> {
    if (!deliveries.length) return;
    const column = <K extends keyof WebhookDelivery>(k: K) => deliveries.map((d) => d[k]);
    await tx.query(
      `INSERT INTO skein.webhook_deliveries (${DELIVERY_COLUMNS})
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::text[])`,
      [
        column('id'),
        column('runId'),
        column('event'),
        column('url'),
        column('body'),
        column('status'),
        column('attempts'),
        column('nextAttemptAt'),
        column('createdAt'),
      ],
    );
  }

  /** Pending deliveries due at `now`, put off to `now + holdMs`; rows another deliverer is claiming are skipped. */
  async claim(now: number, limit: number, holdMs: number): Promise<WebhookDelivery[]> {
    const { rows } = await retried(() =>
      this.pool.query<DeliveryRow>(
        `UPDATE skein.webhook_deliveries SET next_attempt_at = $1 WHERE position IN (
           SELECT position FROM skein.webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $2
           ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [now + holdMs, now, limit],
      ),
    );
    return rows.map(toDelivery).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Records an attempt's outcome (the attempt count read and written under the row's lock). */
  async record(id: string, outcome: DeliveryOutcome): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ attempts: number }>(
        'SELECT attempts FROM skein.webhook_deliveries WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!rows.length) return;
      const s = settled(rows[0].attempts, outcome);
      await tx.query(
        `UPDATE skein.webhook_deliveries SET status = $1, attempts = $2, next_attempt_at = $3,
           last_status = $4, last_error = $5, delivered_at = $6 WHERE id = $7`,
        [
          s.status,
          s.attempts,
          s.nextAttemptAt,
          s.lastStatus ?? null,
          s.lastError ?? null,
          s.deliveredAt ?? null,
          id,
        ],
      );
    });
  }

  /** Newest first; the cursor is the last row's position. */
  async list(query: DeliveryQuery): Promise<DeliveryPage> {
    const filters: [string, unknown][] = [];
    if (query.status !== undefined) filters.push(['status =', query.status]);
    if (query.runId !== undefined) filters.push(['run_id =', query.runId]);
    const { sql, values } = pageQuery('skein.webhook_deliveries', filters, query.limit, query.cursor);
    const { rows } = await retried(() => this.pool.query<DeliveryRow & { position: string }>(sql, values));
    const page: DeliveryPage = { deliveries: rows.slice(0, query.limit).map(toDelivery) };
    if (rows.length > query.limit) page.next = rows[query.limit - 1].position;
    return page;
  }
}

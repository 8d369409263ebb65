import { isoNow, type DeliveryOutcome, type WebhookDelivery } from '../runtime/index.js';

/** The fields of a delivery after an attempt with `outcome` (it had made `attempts` before). */
export function settled(
  attempts: number,
  outcome: DeliveryOutcome,
): Pick<
  WebhookDelivery,
  'status' | 'attempts' | 'nextAttemptAt' | 'lastStatus' | 'lastError' | 'deliveredAt'
> {
  if (outcome.delivered)
    return {
      status: 'delivered',
      attempts: attempts + 1,
      nextAttemptAt: 0,
      lastStatus: outcome.status,
      lastError: undefined,
      deliveredAt: isoNow(),
    };
  return {
    status: outcome.retryAt === undefined ? 'failed' : 'pending',
    attempts: attempts + 1,
    nextAttemptAt: outcome.retryAt ?? 0,
    lastStatus: outcome.status,
    lastError: outcome.error,
    deliveredAt: undefined,
  };
}

import { createHmac } from 'node:crypto';
import type { WebhookConfig } from '../config/config.js';
import type { DeliveryOutcome, RunStore, WebhookDelivery } from '../runtime/index.js';

/** A delivery not received within this long after its status change is given up (`failed`). */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
const MAX_DELAY_MS = 60 * 60 * 1000;
/** How long a claimed delivery is left to this deliverer before another may take it. */
const HOLD_MS = 60_000;
/** How long one attempt may take. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * The `webhook-signature` of a message (Standard Webhooks): `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed by the secret's bytes (the base64 after `whsec_`).
 */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The wait after the `attempts`-th failed attempt: 1 s, 2 s, 4 s … doubling up to an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/**
 * Sends the store's due webhook deliveries every `pollMs` (default 250) until the function it returns
 * is called: each is signed with the secret of the configured webhook of its URL (a run's own webhook
 * with the first configured secret), retried with doubling waits while its receiver fails or is down,
 * and given up 24 h after its status change. Several deliverers may share a store: each delivery is
 * claimed by one of them at a time.
 */
export function startDeliverer(
  store: RunStore,
  webhooks: readonly WebhookConfig[],
  pollMs = 250,
): () => Promise<void> {
  const secrets = new Map(webhooks.filter((w) => w.secret).map((w) => [w.url, w.secret!]));
  const fallback = webhooks.find((w) => w.secret)?.secret;
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  const tick = async () => {
    const due = await store.claimDeliveries(Date.now(), 20, HOLD_MS).catch(() => []);
    await Promise.all(
      due.map(async (d) => {
        const outcome = await attempt(d, secrets.get(d.url) ?? fallback);
        await store.recordDelivery(d.id, outcome).catch(() => {});
      }),
    );
  };
  const timer = setInterval(() => {
    if (!stopped) round = round.then(tick);
  }, pollMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
  };
}

/** One attempt: POST the body with the Standard Webhooks headers; any 2xx is received. */
async function attempt(d: WebhookDelivery, secret: string | undefined): Promise<DeliveryOutcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': d.id,
    'webhook-timestamp': String(timestamp),
  };
  if (secret) headers['webhook-signature'] = signature(secret, d.id, timestamp, d.body);
  let status: number | undefined;
  let error: string;
  try {
    const response = await fetch(d.url, {
      method: 'POST',
      headers,
      body: d.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    status = response.status;
    if (status >= 200 && status < 300) return { delivered: true, status };
    error = `HTTP ${status}`;
  } catch (e) {
    error = ((e as Error).cause as Error | undefined)?.message ?? (e as Error).message;
  }
  const retryAt = Date.now() + retryDelay(d.attempts + 1);
  const given = retryAt - Date.parse(d.createdAt) > RETRY_FOR_MS;
  return {
    delivered: false,
    ...(status !== undefined ? { status } : {}),
    error,
    ...(given ? {} : { retryAt }),
  };
}

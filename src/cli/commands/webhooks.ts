import { deliveryView } from '../../host/index.js';
import type { DeliveryStatus, WebhookDelivery } from '../../runtime/index.js';
import { parseCommandArgs } from '../args.js';
import { webhooksSpec } from '../specs/webhooks.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { listingArgs } from '../listing-args.js';
import { withSkein } from '../with-skein.js';

const STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed'];

/** `skein webhooks [--run RUN] [--status S] [--limit N] [--json]`: the store's deliveries, newest first. */
export async function webhooksCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, webhooksSpec.options);
  if (positionals.length) throw new UsageError('webhooks takes no arguments; filter with --run and --status');
  const { status, limit } = listingArgs(values, STATUSES);
  return withSkein(async (skein) => {
    const page = await skein.deliveries({ runId: values.run, status, limit });
    const more = page.next !== undefined;
    if (values.json)
      process.stdout.write(JSON.stringify({ deliveries: page.deliveries.map(deliveryView), more }) + '\n');
    else process.stdout.write(table(page.deliveries, more));
    return 0;
  });
}

function table(deliveries: WebhookDelivery[], more: boolean): string {
  if (!deliveries.length) return 'no webhook deliveries in this store\n';
  const c = colorFor(process.stdout);
  const paint = { delivered: c.green, failed: c.red, pending: c.yellow } as const;
  const at = (iso: string) => iso.slice(0, 19).replace('T', ' ');
  const lines = deliveries.map((d) => {
    const when = at(d.createdAt);
    const tries = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
    const last = d.lastError ?? (d.lastStatus !== undefined ? `HTTP ${d.lastStatus}` : undefined);
    const next = d.status === 'pending' ? `next ${at(new Date(d.nextAttemptAt).toISOString())}` : undefined;
    const notes = [tries, next, d.status !== 'delivered' ? last : undefined].filter(Boolean).join(', ');
    return `${when}  ${d.event.padEnd(13)}  ${d.runId}  ${paint[d.status](d.status.padEnd(9))}  ${c.dim(notes)}  ${d.url}`;
  });
  if (more) lines.push(c.dim(`… more: raise --limit (shown ${deliveries.length})`));
  return lines.join('\n') + '\n';
}

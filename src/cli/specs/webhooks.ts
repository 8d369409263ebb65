import { defineCommand } from '../command-spec.js';

/** `skein webhooks`. */
export const webhooksSpec = defineCommand({
  name: 'webhooks',
  args: '',
  summary: 'the webhook deliveries of this store, newest first',
  details: ['Each: when, event, run, status, attempts, the next attempt (while pending) and the URL.'],
  options: {
    run: { type: 'string', value: 'RUN', help: 'only the deliveries of this run id' },
    status: {
      type: 'string',
      value: 'STATUS',
      help: 'only deliveries in this state',
      choices: ['pending', 'delivered', 'failed'],
    },
    limit: { type: 'string', value: 'N', help: 'at most N deliveries (default 20)' },
  },
  completes: 'none',
});

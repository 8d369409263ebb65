import { defineCommand } from '../command-spec.js';

/** `skein worker`. */
export const workerSpec = defineCommand({
  name: 'worker',
  args: '',
  summary: 'drives queued runs of a PostgreSQL store until SIGTERM or SIGINT',
  details: [
    'Needs store: postgres://… (or SKEIN_STORE); takes over the runs of workers that died.',
    'A run paused on a person holds no worker: any worker continues it once it is answered.',
  ],
  options: {
    concurrency: { type: 'string', value: 'N', help: 'runs driven at a time (default 4)' },
    json: { type: 'boolean', help: 'errors as JSON; a {"worker"} line once it takes runs' },
  },
  completes: 'none',
});

import { defineCommand } from '../command-spec.js';
import { DIALECT, INPUT, MODEL } from './shared-options.js';

/** `skein run`. */
export const runSpec = defineCommand({
  name: 'run',
  args: 'SKILL | --route "REQUEST"',
  summary: 'run a skill (a file, a folder, or id[@version] in the skills path)',
  details: [
    'Exit 0 completed or awaiting a person, 1 failed, 2 bad skill or bad input.',
    'With --route, the router chooses the skill for a request and asks for missing input.',
    'Ctrl-C cancels the run (recorded as failed, "cancelled"); a second Ctrl-C quits.',
    'With --detach, the run id is printed at once and a background process runs it (see skein inspect RUN).',
    'With --idempotency-key, a repeated start makes no second run (keys are kept for idempotency.keep, default 24h).',
  ],
  options: {
    input: INPUT,
    model: MODEL,
    dialect: DIALECT,
    route: { type: 'string', value: '"REQUEST"', help: 'run the skill the router chooses for this request' },
    detach: { type: 'boolean', help: 'print the run id and return; the run goes on in the background' },
    'idempotency-key': {
      type: 'string',
      value: 'KEY',
      help: 'a start with the same KEY (same skill and input) returns the run this key started; other input is refused',
    },
    webhook: {
      type: 'string',
      value: 'URL',
      help: "also POST the run's completion, failure or pause here (sent by skein serve or worker)",
    },
  },
  completes: 'files',
});

import { defineCommand } from '../command-spec.js';

/** `skein runs prune`. */
export const runsPruneSpec = defineCommand({
  name: 'runs prune',
  args: '',
  summary: 'delete finished runs older than retention.runs (or --older-than), with their events',
  details: [
    'Completed and failed runs go with their child runs, nodes, events, webhook deliveries and idempotency keys;',
    'running and awaiting runs never do. Then the skill snapshots no run refers to. Each run removed is printed.',
  ],
  options: {
    'older-than': {
      type: 'string',
      value: 'AGE',
      help: 'finished before AGE ago: 90s, 15m, 24h, 30d (default retention.runs)',
    },
    status: {
      type: 'string',
      value: 'STATUS',
      help: 'only runs in this state',
      choices: ['completed', 'failed'],
    },
    'dry-run': { type: 'boolean', help: 'print what would be removed; remove nothing' },
  },
  completes: 'none',
});

/** `skein runs` and `skein runs prune`. */
export const runsSpec = defineCommand({
  name: 'runs',
  args: '',
  summary: 'the runs of this store, newest first',
  options: {
    status: {
      type: 'string',
      value: 'STATUS',
      help: 'only runs in this state',
      choices: ['running', 'awaiting', 'completed', 'failed'],
    },
    skill: { type: 'string', value: 'ID[@VERSION]', help: 'only runs of this skill (of this version of it)' },
    limit: { type: 'string', value: 'N', help: 'at most N runs (default 20)' },
  },
  subcommands: [runsPruneSpec],
  completes: 'none',
});

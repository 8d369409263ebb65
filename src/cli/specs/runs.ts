import { defineCommand } from '../command-spec.js';

/** `skein runs`. */
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
  completes: 'none',
});

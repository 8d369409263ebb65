import { defineCommand } from '../command-spec.js';

/** `skein awaits`. */
export const awaitsSpec = defineCommand({
  name: 'awaits',
  args: '',
  summary: 'the inbox: runs that await a person, oldest first (answer with skein resume)',
  details: ['Each line: run id, skill, the step that waits, how long it has waited, and its question.'],
  options: {
    skill: { type: 'string', value: 'ID', help: 'only runs of this skill id' },
    'older-than': {
      type: 'string',
      value: 'DURATION',
      help: 'only runs that have waited at least this long: 90s, 15m, 1h, 2d',
    },
  },
  completes: 'none',
});

import { defineCommand } from '../command-spec.js';

/** `skein diff`. */
export const diffSpec = defineCommand({
  name: 'diff',
  args: 'RUN_A RUN_B',
  summary: 'two runs step by step: what differs in each step’s status, input and output',
  details: [
    'Each RUN may be a unique prefix of at least 8 characters; a fork and its parent, or any two runs.',
    'Exit 0 whether or not they differ; --json gives {a, b, changed, steps: [{step, a?, b?, changed}]}.',
  ],
  options: {},
  completes: 'none',
});

import { defineCommand } from '../command-spec.js';

/** `skein inspect`. */
export const inspectSpec = defineCommand({
  name: 'inspect',
  args: 'RUN_ID',
  summary: "a run's state and every stored event",
  details: ['RUN_ID may be a unique prefix of at least 8 characters.'],
  options: {
    trace: { type: 'boolean', help: 'the run as a tree of spans (model calls, tools, steps) with usage' },
  },
  completes: 'none',
});

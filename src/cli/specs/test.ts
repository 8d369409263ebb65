import { defineCommand } from '../command-spec.js';
import { MODEL } from './shared-options.js';

/** `skein test`. */
export const testSpec = defineCommand({
  name: 'test',
  args: 'PATH...',
  summary: "run the skills' cases.yaml; exit 1 on a failure",
  details: ['L1 and L2 run against a scripted local model; L3 and integration need a real model.'],
  options: {
    level: {
      type: 'string',
      value: 'L1,L2,L3,integration',
      help: 'the levels of cases to run (default L1,L2)',
    },
    repeat: { type: 'string', value: 'N', help: 'run each case N times' },
    model: MODEL,
  },
  completes: 'files',
});

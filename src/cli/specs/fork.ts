import { defineCommand } from '../command-spec.js';
import { INPUT, MODEL } from './shared-options.js';

/** `skein fork`. */
export const forkSpec = defineCommand({
  name: 'fork',
  args: 'RUN_ID',
  summary: 'run a run again from one of its steps, as a new run linked to it',
  details: [
    'RUN_ID may be a unique prefix of at least 8 characters.',
    "The fork keeps the parent's results of the steps before --from (default: none, a replay) and runs the rest on the files the parent is pinned to.",
    '--set PATH=JSON sets a value in the state that step sees (repeatable); skein diff compares the two runs.',
  ],
  options: {
    from: { type: 'string', value: 'STEP', help: 'the step to run again from (default the first)' },
    input: { ...INPUT, help: "the fork's input (default the parent's): inline JSON or @ and a JSON file" },
    set: {
      type: 'string',
      multiple: true,
      value: 'PATH=JSON',
      help: 'a value in the state --from sees (repeatable)',
    },
    upgrade: { type: 'boolean', help: 'run on the newest version of the skill, if compatible (else exit 2)' },
    model: MODEL,
  },
  completes: 'none',
});

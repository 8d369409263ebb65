import { defineCommand } from '../command-spec.js';
import { INPUT, MODEL } from './shared-options.js';

/** `skein resume`. */
export const resumeSpec = defineCommand({
  name: 'resume',
  args: 'RUN_ID',
  summary: 'answer a run that awaits a person, or continue one whose process died',
  details: [
    'RUN_ID may be a unique prefix of at least 8 characters.',
    'Without --input, a run whose process died continues: finished steps do not run again.',
  ],
  options: {
    input: { ...INPUT, help: "the answer to the run's question: inline JSON or @ and a JSON file" },
    model: MODEL,
  },
  completes: 'none',
});

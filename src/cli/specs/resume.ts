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
    'A run goes on with the files it started with; --upgrade moves it to the newest version when every step it got through is still there, of the same kind, and its input fits.',
  ],
  options: {
    input: { ...INPUT, help: "the answer to the run's question: inline JSON or @ and a JSON file" },
    model: MODEL,
    upgrade: {
      type: 'boolean',
      help: 'first move the run to the newest version of its skill, if compatible (else exit 2 naming each difference)',
    },
  },
  completes: 'none',
});

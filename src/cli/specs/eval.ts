import { defineCommand } from '../command-spec.js';

/** `skein eval`. */
export const evalSpec = defineCommand({
  name: 'eval',
  args: 'PATH...',
  summary: "run the skills' eval cases over models × trials and store the experiment",
  details: [
    'Cases: the evals: section of cases.yaml, and Agent Skills evals/evals.json. Every cell is a run of the store.',
    'Exit 0 when every case reaches its pass rate in every column, 1 otherwise (or when a file has errors).',
  ],
  options: {
    model: {
      type: 'string',
      multiple: true,
      value: 'provider:model',
      help: 'a column per model (repeat it); default the configured model',
    },
    trials: { type: 'string', value: 'N', help: 'runs of each case in each column (default 1)' },
    concurrency: { type: 'string', value: 'N', help: 'cells running at once (default 4)' },
    judge: { type: 'string', value: 'provider:model', help: 'the model that grades llm-rubric checks' },
  },
  completes: 'files',
});

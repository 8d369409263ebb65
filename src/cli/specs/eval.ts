import { defineCommand } from '../command-spec.js';

const REPORTS = {
  junit: { type: 'string', value: 'FILE', help: 'also write JUnit XML: one testcase per case × column' },
  md: { type: 'string', value: 'FILE', help: 'also write a Markdown report (for a pull request)' },
  'fail-on-regression': {
    type: 'boolean',
    help: 'exit 1 only when a case passed in the baseline and fails now',
  },
} as const;

/** `skein eval compare`. */
export const evalCompareSpec = defineCommand({
  name: 'eval compare',
  args: 'EXP_A EXP_B',
  summary: 'compare two stored experiments case by case: B against A',
  details: ['Exit 0 when nothing that passed in A fails in B, 1 otherwise (with --fail-on-regression too).'],
  options: REPORTS,
  completes: 'none',
});

/** `skein eval`. */
export const evalSpec = defineCommand({
  name: 'eval',
  args: 'PATH...',
  summary: "run the skills' eval cases over models × variants × trials and store the experiment",
  details: [
    'Cases: the evals: section of cases.yaml, and Agent Skills evals/evals.json. Every cell is a run of the store.',
    'Cases with should_trigger: true|false are routed, not run: trigger rate, false triggers, confusions per skill.',
    'Exit 0 when every case reaches its pass rate in every column compared (baselines excepted) and every',
    'trigger case routes as it should, 1 otherwise',
    '(or when a file has errors); with --fail-on-regression, 1 only for a case that passed in its baseline.',
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
    'without-skill': {
      type: 'boolean',
      help: 'also run each document skill case without the skill (the baseline)',
    },
    versions: {
      type: 'string',
      value: 'A,B',
      help: 'run each skill at these versions (among those loaded); the first is the baseline',
    },
    against: {
      type: 'string',
      value: 'GITREF',
      help: 'also run each skill as it is at this git ref (the baseline)',
    },
    ...REPORTS,
  },
  subcommands: [evalCompareSpec],
  completes: 'files',
});

// Experiments (`skein eval`, docs/eval.md): eval cases run over models × skill variants × trials, each
// cell a run of the run store, the experiment stored beside the runs.
export { runExperiment, type ExperimentOptions, type ExperimentResult } from './run-experiment.js';
export { summarize, failuresOf, type CaseColumnResult } from './summary.js';
export { readExperiment, type StoredExperiment } from './read-experiment.js';
export { deltasBetween, deltasWithin, hasRegression, type CaseDelta } from './compare.js';
export {
  routeLexically,
  runTriggerEvals,
  type SkillTriggers,
  type TriggerCaseResult,
  type TriggerReport,
} from './trigger-evals.js';
export { confusionText, missText, rateText } from './reports/trigger-words.js';
export { findEvals, type BoundEval } from './find-evals.js';
export { junitReport } from './reports/junit.js';
export { markdownReport } from './reports/markdown.js';
export { openExperimentStore } from './stores/open.js';
export {
  ExperimentAmbiguous,
  type AssertionResult,
  type CellRecord,
  type ColumnVariant,
  type ExperimentCase,
  type ExperimentColumn,
  type ExperimentPage,
  type ExperimentRecord,
  type ExperimentStore,
} from './experiment.js';
export type { Assertion, EvalCase } from './eval-case.js';

export { LEVELS, type Level, type TestCase, type Expectations } from './case.js';
export { parseCasesFile, type CasesFile } from './cases-file.js';
export { casesFilesOf, findCases, isDirectory, type BoundCase } from './find-cases.js';
export { runSuite, type SuiteOptions, type SuiteResult, type CaseResult } from './run-suite.js';
export { ScriptedModel, SCRIPTED_MODEL } from './scripted-model.js';
export {
  startFakeOpenAI,
  messageText,
  type FakeOpenAI,
  type FakeReply,
  type FakeScript,
  type ChatRequest,
} from './fake-openai.js';
export type { RoutingReport, RouteSetReport, Confusion } from './route-eval.js';
export type { RouteCase, RouteTargets } from './route-case.js';

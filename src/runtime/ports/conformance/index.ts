// The ports' conformance suites: functions that register node:test tests every implementation of a
// port must pass, exported as `skein/conformance` for implementations outside Skein (ARCHITECTURE.md,
// Ports and their suites). Loaded only by tests: nothing else imports this folder.
export type { SuiteOptions } from './fixtures.js';
export { runStoreSuite } from './store-suite.js';
export { runQueueSuite, type QueueUnderTest } from './queue-suite.js';
export { runCodeRunnerSuite, type CodeRunnerUnderTest, type SuitePrograms } from './code-runner-suite.js';
export { runTracerSuite, type SpanView, type TracerUnderTest } from './tracer-suite.js';
export { runLlmServiceSuite, type LlmUnderTest, type ScriptedAnswer } from './llm-suite.js';
export { runToolSuite, type ToolsUnderTest } from './tool-suite.js';

// Traces of runs: OpenTelemetry spans as runs happen (loaded only when tracing is on), and the trace
// and model usage of a stored run, drawn from its events.
export { openTracing, wantsOtlpExport, warnOnStderr, type Tracing } from './open-tracing.js';
export { traceOfRun, type TraceSpan } from './run-trace.js';
export { usageOfRun, type PriceTable, type RunUsage, type UsageTotals } from './run-usage.js';

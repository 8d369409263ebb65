// The OpenTelemetry run tracer against the run tracer's conformance suite, over an in-memory exporter.
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { SpanStatusCode } from '@opentelemetry/api';
import { runTracerSuite } from '../../../src/runtime/ports/conformance/index.js';
import { createOtelRunTracer } from '../../../src/trace/otel-run-tracer.js';

runTracerSuite(
  async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    return {
      tracer: createOtelRunTracer(provider.getTracer('suite'), { content: false, redact: [] }),
      spans: async () =>
        exporter.getFinishedSpans().map((s) => ({
          name: s.name,
          traceId: s.spanContext().traceId,
          spanId: s.spanContext().spanId,
          parentSpanId: s.parentSpanContext?.spanId,
          links: s.links.map((l) => l.context.spanId),
          error: s.status.code === SpanStatusCode.ERROR,
        })),
      close: () => provider.shutdown(),
    };
  },
  { name: 'OpenTelemetry' },
);

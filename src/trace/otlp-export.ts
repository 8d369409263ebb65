import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { SkeinError } from '../ir/errors.js';
import { SKEIN_VERSION } from '../version.js';

/** Spans sent to an OTLP collector, and how to send what is left before the process exits. */
export interface OtlpExport {
  tracer: Tracer;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Exports spans over OTLP/HTTP as the standard variables say: `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `…_TRACES_ENDPOINT`), `OTEL_EXPORTER_OTLP_PROTOCOL` (`http/protobuf`, the default, or `http/json`),
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_SERVICE_NAME` (default `skein`). The exporters read the
 * endpoint and headers themselves.
 */
export function startOtlpExport(env: NodeJS.ProcessEnv): OtlpExport {
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json')
    throw new SkeinError(
      'trace_export_invalid',
      `OTEL_EXPORTER_OTLP_PROTOCOL is "${protocol}": Skein exports traces over "http/protobuf" or "http/json"`,
    );
  const exporter = protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'skein',
      'service.version': SKEIN_VERSION,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  return { tracer: provider.getTracer('skein', SKEIN_VERSION), shutdown: () => provider.shutdown() };
}

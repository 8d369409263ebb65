import type { Tracer } from '@opentelemetry/api';
import type { TraceConfig } from '../config/read-trace.js';
import type { RunTracer } from '../runtime/index.js';

/** A run tracer, and how to flush what it has not sent yet. */
export interface Tracing {
  tracer: RunTracer;
  close(): Promise<void>;
}

/** True when the environment names an OTLP endpoint for traces (and does not turn the SDK off). */
export function wantsOtlpExport(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/**
 * Tracing for a host: over the OpenTelemetry tracer it is given (an app's own setup), else over an OTLP
 * exporter when the environment names an endpoint, else none at all — then nothing of OpenTelemetry
 * is even loaded.
 */
export async function openTracing(
  config: TraceConfig,
  given: Tracer | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Tracing | undefined> {
  if (!given && !wantsOtlpExport(env)) return undefined;
  const { createOtelRunTracer } = await import('./otel-run-tracer.js');
  if (given) return { tracer: createOtelRunTracer(given, config), close: async () => {} };
  const { startOtlpExport } = await import('./otlp-export.js');
  const exported = startOtlpExport(env);
  return { tracer: createOtelRunTracer(exported.tracer, config), close: exported.shutdown };
}

import type { Tracer } from '@opentelemetry/api';
import type { TraceConfig } from '../config/read-trace.js';
import { importOptional, MissingDependencyError } from '../ir/optional-packages.js';
import type { RunTracer } from '../runtime/index.js';

/** A run tracer, and how to flush what it has not sent yet. */
export interface Tracing {
  tracer: RunTracer;
  /** Sends what is left within the flush timeout; never rejects. */
  close(): Promise<void>;
}

/** True when the environment names an OTLP endpoint for traces (and does not turn the SDK off). */
export function wantsOtlpExport(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Where a warning about traces goes by default: one line on stderr. */
export function warnOnStderr(message: string): void {
  process.stderr.write(`skein: ${message}\n`);
}

/**
 * Tracing for a host: over the OpenTelemetry tracer it is given (an app's own setup), else over an OTLP
 * exporter when the environment names an endpoint, else none at all — then nothing of OpenTelemetry
 * is even loaded. Exports are bounded by `config.flushTimeoutMs`; one that fails is told to `warn`
 * (once per outage), never to a run. Without the exporters installed it warns once and traces nothing.
 */
export async function openTracing(
  config: TraceConfig,
  given: Tracer | undefined,
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = warnOnStderr,
): Promise<Tracing | undefined> {
  if (!given && !wantsOtlpExport(env)) return undefined;
  const { createOtelRunTracer } = await import('./otel-run-tracer.js');
  if (given) return { tracer: createOtelRunTracer(given, config), close: async () => {} };
  let startOtlpExport: typeof import('./otlp-export.js').startOtlpExport;
  try {
    ({ startOtlpExport } = await importOptional('otlp', () => import('./otlp-export.js')));
  } catch (error) {
    // A lean install without the exporters runs as if no endpoint were named, and says so once.
    if (!(error instanceof MissingDependencyError)) throw error;
    warn(`traces are not exported: ${error.message}`);
    return undefined;
  }
  const exported = startOtlpExport(env, { timeoutMs: config.flushTimeoutMs, warn });
  return { tracer: createOtelRunTracer(exported.tracer, config), close: exported.shutdown };
}

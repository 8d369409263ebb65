import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { SkeinError } from '../errors/index.js';
import { SKEIN_VERSION } from '../version.js';

/** Spans sent to an OTLP collector, and how to send what is left before the process exits. */
export interface OtlpExport {
  tracer: Tracer;
  /** Sends what is buffered and stops, within the timeout; never rejects (a failure is warned of). */
  shutdown(): Promise<void>;
}

/** How exports are bounded and where a failed one is told. */
export interface OtlpExportOptions {
  /** One export's bound, retries included; also the bound on the flush at shutdown. */
  timeoutMs: number;
  /** Told once when spans cannot be sent (then again only after an export succeeded). */
  warn: (message: string) => void;
}

/**
 * Exports spans over OTLP/HTTP as the standard variables say: `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `…_TRACES_ENDPOINT`), `OTEL_EXPORTER_OTLP_PROTOCOL` (`http/protobuf`, the default, or `http/json`),
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_SERVICE_NAME` (default `skein`). The exporters read the
 * endpoint and headers themselves. A collector that is down or slow never reaches a run: spans that
 * could not be sent are dropped with one warning (docs/operations.md, Traces).
 */
export function startOtlpExport(env: NodeJS.ProcessEnv, options: OtlpExportOptions): OtlpExport {
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json')
    throw new SkeinError(
      'config_invalid',
      `OTEL_EXPORTER_OTLP_PROTOCOL is "${protocol}": Skein exports traces over "http/protobuf" or "http/json"`,
    );
  const timeoutMillis = options.timeoutMs;
  const exporter =
    protocol === 'http/json' ? new JsonExporter({ timeoutMillis }) : new ProtobufExporter({ timeoutMillis });
  const outage = new ExportOutage(tracesEndpoint(env), options.warn);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'skein',
      'service.version': SKEIN_VERSION,
    }),
    spanProcessors: [
      new BatchSpanProcessor(new ReportingExporter(exporter, outage), { exportTimeoutMillis: timeoutMillis }),
    ],
  });
  return {
    tracer: provider.getTracer('skein', SKEIN_VERSION),
    shutdown: async () => {
      // The exporter gives up within its timeout; the margin covers a last retry's own request.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>(
        (resolve) => (timer = setTimeout(resolve, timeoutMillis + 500, 'late')),
      );
      timer?.unref();
      const ended = await Promise.race([
        provider.shutdown().then(
          () => 'sent' as const,
          (e: unknown) => e,
        ),
        late,
      ]);
      clearTimeout(timer);
      if (ended === 'late') outage.failed(new Error(`not sent within ${timeoutMillis} ms`));
      else if (ended !== 'sent') outage.failed(ended);
    },
  };
}

/** Where spans go, for the warning: the traces endpoint, or the base endpoint's `/v1/traces`. */
function tracesEndpoint(env: NodeJS.ProcessEnv): string {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  return `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').replace(/\/$/, '')}/v1/traces`;
}

/** Whether the collector is known to be unreachable: warned of once, until an export gets through. */
class ExportOutage {
  private down = false;

  constructor(
    private readonly endpoint: string,
    private readonly warn: (message: string) => void,
  ) {}

  failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.warn(`traces not sent to ${this.endpoint}: ${oneLine(reason)} (runs are not affected)`);
  }

  succeeded(): void {
    this.down = false;
  }
}

/** What an exporter hands back for each export (`ExportResult` of @opentelemetry/core). */
type ExportResult = Parameters<Parameters<SpanExporter['export']>[1]>[0];
/** `ExportResultCode.SUCCESS`. */
const SUCCESS = 0;

/** An exporter that tells the outage of each export's result. */
class ReportingExporter implements SpanExporter {
  constructor(
    private readonly inner: SpanExporter,
    private readonly outage: ExportOutage,
  ) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code === SUCCESS) this.outage.succeeded();
      else this.outage.failed(result.error ?? new Error('export failed'));
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

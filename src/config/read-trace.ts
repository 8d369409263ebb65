import { SkeinError } from '../errors/index.js';

/** What a run's trace records beyond timings and token counts, and what tokens cost: `trace:` in skein.yaml. */
export interface TraceConfig {
  /** Record prompts, answers and tool data in stored events and spans: `$SKEIN_TRACE_CONTENT=1` or `trace.content`. */
  content: boolean;
  /** Keys whose values are replaced by "[redacted]" wherever recorded content holds them (any depth). */
  redact: string[];
  /** US dollars per million tokens, by `provider:model`: `trace.prices`. */
  prices: Record<string, { input: number; output: number }>;
  /**
   * How long one export of spans may take, retries included, and so how long a process waits at exit
   * for its last spans: `$SKEIN_TRACE_FLUSH_TIMEOUT_MS` or `trace.flushTimeoutMs`, default 1000.
   */
  flushTimeoutMs: number;
}

/** The default bound on one export of spans (and on the flush at exit). */
export const DEFAULT_FLUSH_TIMEOUT_MS = 1000;

/** Reads `trace:` (content, redact, prices, flushTimeoutMs), naming the field that is wrong. */
export function readTrace(v: unknown, file: string, env: NodeJS.ProcessEnv): TraceConfig {
  const bad = (field: string, want: string) =>
    new SkeinError('config_invalid', `${file}: "trace${field}" must be ${want}`);
  if (v !== undefined && v !== null && !isRecord(v))
    throw bad('', 'a mapping (content, redact, prices, flushTimeoutMs)');
  const trace = (v ?? {}) as Record<string, unknown>;
  if (trace.content !== undefined && typeof trace.content !== 'boolean')
    throw bad('.content', 'true or false');
  const redact = trace.redact ?? [];
  if (!Array.isArray(redact) || !redact.every((k) => typeof k === 'string'))
    throw bad('.redact', 'a list of key names');
  const prices: TraceConfig['prices'] = {};
  const table = trace.prices ?? {};
  if (!isRecord(table)) throw bad('.prices', 'a mapping of "provider:model" to {input, output}');
  for (const [model, price] of Object.entries(table)) {
    if (!isRecord(price) || !isPrice(price.input) || !isPrice(price.output))
      throw bad(`.prices.${model}`, '{input, output}: US dollars per million tokens');
    prices[model] = { input: price.input, output: price.output };
  }
  const fromEnv = env.SKEIN_TRACE_CONTENT;
  return {
    flushTimeoutMs: readFlushTimeout(trace.flushTimeoutMs, env.SKEIN_TRACE_FLUSH_TIMEOUT_MS, bad),
    content:
      fromEnv !== undefined && fromEnv !== ''
        ? fromEnv !== '0' && fromEnv !== 'false'
        : trace.content === true,
    redact,
    prices,
  };
}

function readFlushTimeout(
  fromFile: unknown,
  fromEnv: string | undefined,
  bad: (field: string, want: string) => SkeinError,
): number {
  const want = 'a whole number of milliseconds from 1 to 600000';
  if (fromEnv !== undefined && fromEnv !== '') {
    const ms = Number(fromEnv);
    if (!isTimeout(ms))
      throw new SkeinError(
        'config_invalid',
        `SKEIN_TRACE_FLUSH_TIMEOUT_MS is "${fromEnv}": it must be ${want}`,
      );
    return ms;
  }
  if (fromFile === undefined) return DEFAULT_FLUSH_TIMEOUT_MS;
  if (!isTimeout(fromFile)) throw bad('.flushTimeoutMs', want);
  return fromFile;
}

function isTimeout(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 600_000;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isPrice(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

import { SkeinError } from '../ir/errors.js';

/** What a run's trace records beyond timings and token counts, and what tokens cost: `trace:` in skein.yaml. */
export interface TraceConfig {
  /** Record prompts, answers and tool data in stored events and spans: `$SKEIN_TRACE_CONTENT=1` or `trace.content`. */
  content: boolean;
  /** Keys whose values are replaced by "[redacted]" wherever recorded content holds them (any depth). */
  redact: string[];
  /** US dollars per million tokens, by `provider:model`: `trace.prices`. */
  prices: Record<string, { input: number; output: number }>;
}

/** Reads `trace:` (content, redact, prices), naming the field that is wrong. */
export function readTrace(v: unknown, file: string, env: NodeJS.ProcessEnv): TraceConfig {
  const bad = (field: string, want: string) =>
    new SkeinError('config_invalid', `${file}: "trace${field}" must be ${want}`);
  if (v !== undefined && v !== null && !isRecord(v)) throw bad('', 'a mapping (content, redact, prices)');
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
    content:
      fromEnv !== undefined && fromEnv !== ''
        ? fromEnv !== '0' && fromEnv !== 'false'
        : trace.content === true,
    redact,
    prices,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isPrice(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

import type { RunEvent } from '../runtime/index.js';

/** Tokens of one model (or of a whole run), and what they cost where the price table knows the model. */
export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** US dollars, estimated from the configured prices; absent when no model of the run has a price. */
  costUsd?: number;
}

/** A run's model usage: totals, and the same per `provider:model`. */
export interface RunUsage extends UsageTotals {
  byModel: Record<string, UsageTotals>;
}

/** Prices in US dollars per million tokens, by `provider:model`. */
export type PriceTable = Readonly<Record<string, { input: number; output: number }>>;

/** Adds up a run's model calls (its `llm_usage` events) and estimates their cost from `prices`. */
export function usageOfRun(events: readonly RunEvent[], prices: PriceTable = {}): RunUsage {
  const total: RunUsage = { calls: 0, inputTokens: 0, outputTokens: 0, byModel: {} };
  for (const event of events) {
    if (event.type !== 'llm_usage') continue;
    const model = (total.byModel[event.model] ??= { calls: 0, inputTokens: 0, outputTokens: 0 });
    for (const totals of [total, model]) {
      totals.calls++;
      totals.inputTokens += event.inputTokens ?? 0;
      totals.outputTokens += event.outputTokens ?? 0;
    }
  }
  for (const [name, model] of Object.entries(total.byModel)) {
    const price = prices[name];
    if (!price) continue;
    model.costUsd = (model.inputTokens * price.input + model.outputTokens * price.output) / 1e6;
    total.costUsd = (total.costUsd ?? 0) + model.costUsd;
  }
  return total;
}

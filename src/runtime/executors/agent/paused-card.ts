import type { RunStore } from '../../ports/store.js';
import type { Card } from './card.js';
import { isRecord } from './state.js';

/** The response and card a paused agent node showed, read back from the run's stored `awaiting` event. */
export async function pausedCard(
  store: RunStore,
  runId: string,
  node: string,
): Promise<{ response: string; card: Card } | undefined> {
  const events = await store.events(runId);
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'awaiting' && e.request.step === node && isCard(e.request.card))
      return { response: e.request.message, card: e.request.card };
  }
  return undefined;
}

function isCard(value: unknown): value is Card {
  return isRecord(value) && Array.isArray(value.questions) && isRecord(value.pending);
}

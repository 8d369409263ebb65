import type { RunEvent, RunEventBody } from './events.js';

/** Kinds of step whose start is stored before they act, so that a start without an end is a crash. */
const STORED_START = new Set(['tool', 'llm', 'code']);

/** What a step's attempt that was in flight when its worker died is closed with (docs/operations.md). */
export const LOST_ATTEMPT = 'lost: its worker died';

/**
 * The step that was in flight, by a run's stored events, when its process stopped at least `limit`
 * times: each start of a tool, model or code step that no end (finished, or failed other than lost) follows.
 */
export function crashedStep(
  events: readonly RunEvent[],
  limit: number,
): { node: string; times: number } | undefined {
  const open = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'node_started' && STORED_START.has(e.kind)) open.set(e.node, (open.get(e.node) ?? 0) + 1);
    else if ((e.type === 'node_finished' || (e.type === 'node_failed' && !e.lost)) && open.has(e.node))
      open.set(e.node, open.get(e.node)! - 1);
  }
  for (const [node, times] of open) if (times >= limit) return { node, times };
  return undefined;
}

/**
 * The `node_failed` events that close the attempts a dead process left open (started, never ended), so
 * that a run's trace, the API and the playground show them lost instead of running forever.
 */
export function lostAttempts(events: readonly RunEvent[], willRetry: boolean): RunEventBody[] {
  const open = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'node_started') open.set(e.node, e.attempt);
    else if (e.type === 'node_finished' || e.type === 'node_failed' || e.type === 'node_skipped')
      open.delete(e.node);
  }
  return [...open].map(([node, attempt]) => ({
    type: 'node_failed',
    node,
    error: LOST_ATTEMPT,
    attempt,
    willRetry,
    lost: true,
  }));
}

import type { RunEvent } from './events.js';

/** Kinds of step whose start is stored before they act, so that a start without an end is a crash. */
const STORED_START = new Set(['tool', 'llm', 'code']);

/**
 * The step that was in flight, by a run's stored events, when its process stopped at least `limit`
 * times: each start of a tool, model or code step that no end (finished or failed) follows.
 */
export function crashedStep(
  events: readonly RunEvent[],
  limit: number,
): { node: string; times: number } | undefined {
  const open = new Map<string, number>();
  for (const e of events) {
    if (e.type === 'node_started' && STORED_START.has(e.kind)) open.set(e.node, (open.get(e.node) ?? 0) + 1);
    else if ((e.type === 'node_finished' || e.type === 'node_failed') && open.has(e.node))
      open.set(e.node, open.get(e.node)! - 1);
  }
  for (const [node, times] of open) if (times >= limit) return { node, times };
  return undefined;
}

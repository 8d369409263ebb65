import type { JsonSchema } from '../ir/schema.js';
import type { RunPage, RunQuery } from '../runtime/index.js';

/** A question a paused run puts to a person: one line of the inbox. */
export interface PendingAwait {
  runId: string;
  skill: string;
  version: string;
  /** The step that waits, its message and the JSON Schema of the answer. */
  step: string;
  message: string;
  schema: JsonSchema;
  /** A richer prompt for surfaces that can show one (an engine skill's `ask_user` card), when the step has one. */
  card?: unknown;
  /** When the run began to wait (ISO 8601). */
  since: string;
}

/** Which awaits to list: of one skill id, and only those waiting at least `olderThanMs`. */
export interface AwaitQuery {
  skill?: string;
  olderThanMs?: number;
}

/** Every top-level run that awaits a person, oldest wait first, read page by page from `listRuns`. */
export async function pendingAwaits(
  listRuns: (query: RunQuery) => Promise<RunPage>,
  query: AwaitQuery = {},
  now = Date.now(),
): Promise<PendingAwait[]> {
  const found: PendingAwait[] = [];
  let cursor: string | undefined;
  do {
    const page = await listRuns({ status: 'awaiting', skill: query.skill, limit: 200, cursor });
    for (const run of page.runs) {
      if (!run.awaiting || run.parentRunId !== undefined || run.awaiting.answer !== undefined) continue;
      if (query.olderThanMs !== undefined && now - Date.parse(run.updatedAt) < query.olderThanMs) continue;
      const { step, message, inputSchema, card } = run.awaiting;
      const { id: skill, version } = run.skill;
      const since = run.updatedAt;
      found.push({ runId: run.id, skill, version, step, message, schema: inputSchema, card, since });
    }
    cursor = page.next;
  } while (cursor);
  // Pages come newest first: reversed, runs that began to wait in the same millisecond keep their order.
  return found.reverse().sort((a, b) => a.since.localeCompare(b.since));
}

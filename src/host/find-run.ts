import { RunRefused, type RunRecord, type RunStore } from '../runtime/index.js';

/** The shortest prefix of a run id that is looked up (people copy the first 8 characters). */
export const MIN_RUN_PREFIX = 8;
/** Candidates named when a prefix is ambiguous. */
const LISTED = 5;

/**
 * A run by its id or by a unique prefix of it (at least `MIN_RUN_PREFIX` characters); undefined when no
 * run has it. `RunRefused` with `run_ambiguous` naming the candidates when several runs start with it.
 */
export async function findRun(store: RunStore, idOrPrefix: string): Promise<RunRecord | undefined> {
  const exact = await store.getRun(idOrPrefix);
  if (exact || idOrPrefix.length < MIN_RUN_PREFIX) return exact;
  const { runs } = await store.listRuns({ limit: LISTED + 1, idPrefix: idOrPrefix });
  if (runs.length <= 1) return runs[0];
  const named = runs
    .slice(0, LISTED)
    .map((r) => `${r.id} (${r.skill.id}, ${r.status}, created ${r.createdAt})`);
  const more = runs.length > LISTED ? ', and more' : '';
  throw new RunRefused(
    'run_ambiguous',
    `several runs start with ${idOrPrefix}: ${named.join(', ')}${more}; give more of the id`,
  );
}

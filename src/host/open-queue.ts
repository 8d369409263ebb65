import type { SkeinConfig } from '../config/config.js';
import { importOptional } from '../ir/optional-packages.js';
import type { RunQueue, RunStore } from '../runtime/index.js';

/**
 * The run queue that goes with a store: pg-boss in the same database for a PostgreSQL store (which
 * then queues runnable runs in their own transactions); none for the others, whose runs run in-process.
 */
export async function openQueue(
  config: SkeinConfig,
  store: RunStore,
  onError?: (error: Error) => void,
): Promise<RunQueue | undefined> {
  if (!/^postgres(ql)?:\/\//.test(config.store)) return undefined;
  const { PostgresRunStore } = await importOptional('postgres', () => import('../store/postgres/store.js'));
  if (!(store instanceof PostgresRunStore)) return undefined;
  const { PgBossQueue } = await importOptional('postgres', () => import('../store/postgres/queue.js'));
  return PgBossQueue.open(store, config.store, onError);
}

import { join } from 'node:path';
import type { SkeinConfig } from '../../config/config.js';
import type { ExperimentStore } from '../experiment.js';
import { importOptional } from '../../ir/optional-packages.js';

/** The experiment store beside the configured run store: the same SQLite file, PostgreSQL database, or memory. */
export async function openExperimentStore(config: SkeinConfig): Promise<ExperimentStore> {
  if (config.store === 'memory') {
    const { MemoryExperimentStore } = await import('./memory.js');
    return new MemoryExperimentStore();
  }
  if (/^postgres(ql)?:\/\//.test(config.store)) {
    const { PostgresExperimentStore } = await importOptional('postgres', () => import('./postgres.js'));
    return PostgresExperimentStore.open(config.store);
  }
  const { SqliteExperimentStore } = await import('./sqlite.js');
  return new SqliteExperimentStore(join(config.home, 'runs.db'));
}

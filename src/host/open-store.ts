import { join } from 'node:path';
import type { SkeinConfig } from '../config/config.js';
import type { RunStore } from '../runtime/index.js';

/** The run store of a Skein home: SQLite in `$SKEIN_HOME/runs.db`. */
export async function openStore(config: SkeinConfig): Promise<RunStore> {
  const { SqliteRunStore } = await import('../store/sqlite.js');
  return new SqliteRunStore(join(config.home, 'runs.db'));
}

import { join } from 'node:path';
import type { SkeinConfig } from '../config/config.js';
import { ConfigError } from '../config/load-config.js';
import type { RunStore } from '../runtime/index.js';

/**
 * The run store a config names: SQLite in `$SKEIN_HOME/runs.db` (the default), or one in memory;
 * `sqliteFile` puts the SQLite store in that file instead.
 */
export async function openStore(config: SkeinConfig, sqliteFile?: string): Promise<RunStore> {
  if (config.store === 'memory') {
    const { MemoryRunStore } = await import('../store/in-memory.js');
    return new MemoryRunStore();
  }
  if (config.store !== 'sqlite')
    throw new ConfigError(`store "${config.store}" is not available; use "sqlite" or "memory"`);
  const { SqliteRunStore } = await import('../store/sqlite.js');
  return new SqliteRunStore(sqliteFile ?? join(config.home, 'runs.db'));
}

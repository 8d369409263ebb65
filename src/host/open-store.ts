import { join } from 'node:path';
import type { SkeinConfig } from '../config/config.js';
import { ConfigError } from '../config/load-config.js';
import { importOptional } from '../ir/optional-packages.js';
import type { RunStore } from '../runtime/index.js';

/**
 * The run store a config names: SQLite in `$SKEIN_HOME/runs.db` (the default; `sqliteFile` puts it in
 * that file instead), one in memory, or a shared one on PostgreSQL (a `postgres://` URL; its schema is
 * migrated on open).
 */
export async function openStore(config: SkeinConfig, sqliteFile?: string): Promise<RunStore> {
  const store = await openConfigured(config, sqliteFile);
  // Every process that changes a run's status writes the config's webhook deliveries with it.
  store.sendStatusChangesTo(config.webhooks);
  return store;
}

/** The store itself, before it is told of the config's webhooks. */
async function openConfigured(config: SkeinConfig, sqliteFile?: string): Promise<RunStore> {
  if (config.store === 'memory') {
    const { MemoryRunStore } = await import('../store/in-memory.js');
    return new MemoryRunStore();
  }
  if (/^postgres(ql)?:\/\//.test(config.store)) {
    const { PostgresRunStore } = await importOptional('postgres', () => import('../store/postgres/store.js'));
    try {
      return await PostgresRunStore.open(config.store);
    } catch (error) {
      throw new ConfigError(
        `store: cannot open PostgreSQL at ${redact(config.store)}: ${(error as Error).message}`,
      );
    }
  }
  if (config.store !== 'sqlite')
    throw new ConfigError(
      `store "${config.store}" is not available; use "sqlite", "memory" or a postgres:// URL`,
    );
  const { SqliteRunStore } = await import('../store/sqlite.js');
  return new SqliteRunStore(sqliteFile ?? join(config.home, 'runs.db'));
}

/** The URL without its password, fit for an error message. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured URL';
  }
}

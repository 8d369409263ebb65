import type { ForgetTarget, MemoryService } from './memory-service.js';
import type { SqliteMemory } from './memory-store.js';

/** A memory service that opens its SQLite file on first use, so skills that never remember cost nothing. */
export interface LazyMemory extends MemoryService {
  close(): void;
}

/** Memory in `file`, opened (and its module loaded) by the first call. */
export function lazyMemory(file: string): LazyMemory {
  let opened: Promise<SqliteMemory> | undefined;
  const open = () =>
    (opened ??= import('./memory-store.js').then(({ SqliteMemory }) => new SqliteMemory(file)));
  return {
    search: async (query: string, limit?: number) => (await open()).search(query, limit),
    store: async (content: string, options?: { path?: string; tags?: readonly string[] }) =>
      (await open()).store(content, options),
    forget: async (target: ForgetTarget) => (await open()).forget(target),
    close() {
      void opened?.then((m) => m.close()).catch(() => {});
    },
  };
}

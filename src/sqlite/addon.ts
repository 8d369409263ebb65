import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let found: string | null | undefined;

/**
 * The options every better-sqlite3 connection of Skein opens with (the run store and its checkpointer,
 * memory, experiments, database.query): its compiled addon where its install puts it (built or
 * prebuilt), so opening skips the `bindings` package's search of a dozen paths (~1 ms of each command
 * that opens a file); none where the addon is elsewhere, and the search finds it.
 */
export function sqliteOptions(): { nativeBinding?: string } {
  if (found === undefined) {
    const root = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    const file = join(root, 'build', 'Release', 'better_sqlite3.node');
    found = existsSync(file) ? file : null;
  }
  return found ? { nativeBinding: found } : {};
}

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeSpec } from '../../src/ir/nodes.js';

/** Inline Python with `main` as its entry, as a front end would hand it over. */
export function python(source: string, entry = 'main'): CodeSpec {
  return { language: 'python', source, entry };
}

/** The lines of a multi-line Python snippet, joined (keeps indentation readable in tests). */
export function lines(...rows: string[]): string {
  return rows.join('\n');
}

/**
 * Where test processes keep Pyodide's memory snapshot, so that only the first of them pays a full
 * load (the full-load path is still taken by the damaged-snapshot test and by a first run).
 */
export const TEST_SNAPSHOTS = join(tmpdir(), 'skein-sandbox-test-snapshots');

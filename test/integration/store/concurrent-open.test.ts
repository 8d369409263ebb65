import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../helpers/paths.js';

// Processes that open one new SQLite store at the same moment (two servers started together on a new
// home) each get a working store: its tables are made once, by one of them.

const STORE = pathToFileURL(join(ROOT, 'dist/store/sqlite.js')).href;

/** A process that waits for the moment `at`, opens the store at `file`, writes a run and exits. */
function opener(file: string, at: number, id: string): Promise<{ code: number | null; stderr: string }> {
  const script = `
    const { SqliteRunStore } = await import(${JSON.stringify(STORE)});
    while (Date.now() < ${at});
    const store = new SqliteRunStore(${JSON.stringify(file)});
    const now = new Date().toISOString();
    await store.createRun({ id: ${JSON.stringify(id)}, skill: { id: 's', version: '1.0.0', source: '/s.md' },
      input: {}, status: 'running', createdAt: now, updatedAt: now });
    await store.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

test('four processes opening one new store at once all open it, and its tables are made once', async () => {
  for (let round = 0; round < 6; round++) {
    const file = join(mkdtempSync(join(tmpdir(), 'skein-open-')), 'runs.db');
    const at = Date.now() + 600;
    const ids = ['a', 'b', 'c', 'd'].map((p) => `${p}${round}`);
    const exits = await Promise.all(ids.map((id) => opener(file, at, id)));
    for (const exit of exits) assert.equal(exit.code, 0, exit.stderr);
    const { SqliteRunStore } = (await import(STORE)) as typeof import('../../../src/store/sqlite.js');
    const store = new SqliteRunStore(file);
    assert.deepEqual((await store.listRuns({ limit: 10 })).runs.map((r) => r.id).sort(), ids);
    await store.close();
  }
});

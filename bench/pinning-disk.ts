import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { compileAegis } from '../src/dialects/aegis/compile.js';
import type { Skill } from '../src/ir/skill.js';
import { rememberFiles } from '../src/ir/skill-files.js';
import { Runtime } from '../src/runtime/index.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

/**
 * Disk per paused run on SQLite (issue 28: ≤ 2,032 B + 100 B with pinning): 1,000 runs of the server
 * fixtures' `confirm` skill (a template, an await, a template) started and left paused, the file's
 * size (WAL checkpointed away by closing) less an empty store's, per run; once with the skill pinned
 * (its files remembered, as the loader does: each run stores the digest, the store the files once) and
 * once without (a skill no loader made, as before pinning).
 */
const RUNS = 1_000;
const FIXTURE = join(import.meta.dirname, '../test/fixtures/server/skills/confirm.md');

interface DiskFigures {
  bytesPerRun: number;
  fileBytes: number;
  /** Bytes per table (SQLite's dbstat), when the build has it. */
  tables?: Record<string, number>;
}

async function measure(pinned: boolean): Promise<DiskFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'skein-pin-disk-'));
  try {
    const text = readFileSync(FIXTURE, 'utf8');
    const skill = compileAegis(FIXTURE, text).skills[0] as Skill;
    if (pinned) rememberFiles(skill, { [FIXTURE]: text });
    const empty = join(dir, 'empty.db');
    await new SqliteRunStore(empty).close();
    const file = join(dir, 'runs.db');
    const store = new SqliteRunStore(file);
    const runtime = new Runtime({ store, skills: { find: async () => skill, load: async () => skill } });
    for (let i = 0; i < RUNS; i++) {
      const r = await runtime.start(skill, { item: `lamp ${i}` });
      if (r.status !== 'awaiting') throw new Error(`run did not pause: ${JSON.stringify(r)}`);
    }
    await store.close();
    const fileBytes = statSync(file).size;
    return { bytesPerRun: (fileBytes - statSync(empty).size) / RUNS, fileBytes, tables: tableBytes(file) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tableBytes(file: string): Record<string, number> | undefined {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
      .all();
    return Object.fromEntries((rows as { name: string; bytes: number }[]).map((r) => [r.name, r.bytes]));
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

/** Prints the disk per paused run, pinned and not, and the tables that hold it. */
export async function benchPinningDisk(): Promise<void> {
  const before = await measure(false);
  const after = await measure(true);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  const tables = (f: DiskFigures) =>
    f.tables
      ? Object.entries(f.tables)
          .filter(([, bytes]) => bytes >= 4096 * 2)
          .map(([name, bytes]) => `${name} ${kb(bytes)}`)
          .join(', ')
      : 'dbstat not available';
  console.log(
    [
      `\n[pinning-disk] ${RUNS.toLocaleString('en-US')} paused runs of one skill on SQLite (target: <= 2,032 B + 100 B per run pinned)`,
      `  not pinned: ${before.bytesPerRun.toFixed(0)} B per run (file ${kb(before.fileBytes)}: ${tables(before)})`,
      `  pinned:     ${after.bytesPerRun.toFixed(0)} B per run (file ${kb(after.fileBytes)}: ${tables(after)})`,
      `  pinning adds ${(after.bytesPerRun - before.bytesPerRun).toFixed(0)} B per run`,
    ].join('\n'),
  );
}

if (process.argv[1] === import.meta.filename) await benchPinningDisk();

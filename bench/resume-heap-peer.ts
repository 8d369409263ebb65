import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileAegis } from '../src/dialects/aegis/compile.js';
import type { Skill } from '../src/ir/skill.js';
import { Runtime } from '../src/runtime/index.js';
import { SqliteRunStore } from '../src/store/sqlite.js';

/**
 * The process of the resume-heap benchmark (run with --expose-gc): `<rounds> <runs per round>`. Each
 * round starts its runs on a fresh SQLite file (each pauses at the `confirm` fixture's await, whose
 * schema comes back from the store as a new object on every resume), resumes them all, closes and
 * deletes the file; then collects garbage and records the heap. Prints `{"heapMb": [after each round]}`.
 */
const [rounds, perRound] = process.argv.slice(2).map(Number);
const FIXTURE = join(import.meta.dirname, '../test/fixtures/server/skills/confirm.md');
const skill = compileAegis(FIXTURE, readFileSync(FIXTURE, 'utf8')).skills[0] as Skill;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const heapMb: number[] = [];
for (let round = 0; round < rounds; round++) {
  const dir = mkdtempSync(join(tmpdir(), 'skein-resume-heap-'));
  const store = new SqliteRunStore(join(dir, 'runs.db'));
  const runtime = new Runtime({ store, skills: { find: async () => skill, load: async () => skill } });
  for (let i = 0; i < perRound; i += 500) {
    const batch = Array.from({ length: Math.min(500, perRound - i) }, (_, k) => i + k);
    const ids = await Promise.all(
      batch.map(async (n) => (await runtime.start(skill, { item: `lamp ${n}` })).runId),
    );
    const done = await Promise.all(ids.map((id) => runtime.resume(id, { ok: true })));
    if (done.some((r) => r.status !== 'completed')) throw new Error('a run did not complete');
  }
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  gc();
  heapMb.push(process.memoryUsage().heapUsed / 2 ** 20);
}
process.stdout.write(JSON.stringify({ heapMb }));

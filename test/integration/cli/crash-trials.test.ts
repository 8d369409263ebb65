import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein, type Skein } from '../../../src/host/index.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';
import { ROOT, skein } from '../../helpers/cli.js';

// Crash durability: `skein run` of a multi-step skill with side effects is SIGKILLed at seeded random
// moments, then resumed. No run is lost, no finished effect is repeated, and only the step in flight
// at the kill may run a second time. And 50 concurrent resumes of one paused run: exactly one wins.

const FIXTURE = join(ROOT, 'test/fixtures/crash');
const TRIALS = 24;
const SEED = Number(process.env.SKEIN_CRASH_SEED ?? 11);

/** mulberry32: a small seeded generator, so a failing trial can be replayed with its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const marksOf = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

test(`SIGKILL at ${TRIALS} seeded random moments of a run with side effects, then resume: nothing lost, nothing finished repeated`, async () => {
  const next = random(SEED);
  for (let trial = 0; trial < TRIALS; trial++) {
    const home = mkdtempSync(join(tmpdir(), 'skein-crash-trial-'));
    const marks = join(home, 'marks.txt');
    const env = {
      SKEIN_HOME: home,
      SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
      MARKS_FILE: marks,
      SLOW_MS: '200',
    };
    const delay = Math.floor(next() * 2500);
    const label = `seed ${SEED}, trial ${trial}, kill after ${delay} ms`;
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'bin/skein.js'),
        'run',
        join(FIXTURE, 'crashy.md'),
        '--input',
        '{"label": "nap"}',
        '--json',
      ],
      {
        env: { ...process.env, ...env, NO_COLOR: '1' },
        stdio: 'ignore',
      },
    );
    const closed = new Promise((resolve) => child.on('close', resolve));
    const timer = setTimeout(() => child.kill('SIGKILL'), delay);
    await closed;
    clearTimeout(timer);
    const before = marksOf(marks);

    const store = new SqliteRunStore(join(home, 'runs.db'));
    const { runs } = await store.listRuns({ limit: 10 });
    await store.close();
    if (runs.length === 0) {
      assert.deepEqual(before, [], `${label}: effects without a stored run`);
      continue;
    }
    assert.equal(runs.length, 1, label);
    const [run] = runs;
    if (run.status !== 'completed') {
      const resumed = await skein(['resume', run.id, '--json'], { env });
      assert.equal(resumed.code, 0, `${label}: ${resumed.stdout}${resumed.stderr}`);
      assert.equal(JSON.parse(resumed.stdout).status, 'completed', label);
    }
    const after = marksOf(marks);
    assert.deepEqual(after.slice(0, before.length), before, label);
    const count = (mark: string) => after.filter((m) => m === mark).length;
    assert.equal(count('slow-end'), 1, `${label}: ${after.join(',')}`);
    // Each step ran once, or twice if it was in flight at the kill; at most one step ran twice.
    const twice = ['first', 'slow-start', 'last'].filter((m) => count(m) === 2);
    for (const mark of ['first', 'slow-start', 'last'])
      assert.ok(count(mark) >= 1 && count(mark) <= 2, `${label}: ${after.join(',')}`);
    assert.ok(twice.length <= 1, `${label}: ${after.join(',')}`);
  }
});

test('50 concurrent resumes of one paused run, each through its own Skein on the same store: exactly one wins', async () => {
  const home = mkdtempSync(join(tmpdir(), 'skein-resume-race-'));
  const env = { SKEIN_HOME: home, GATE_DIR: home };
  const fixture = join(ROOT, 'test/fixtures/server');
  const first = openSkein({ config: loadConfig(fixture, env) });
  const paused = await first.run('confirm', { item: 'pen' });
  assert.equal(paused.status, 'awaiting');
  await first.close();
  const skeins: Skein[] = Array.from({ length: 50 }, () => openSkein({ config: loadConfig(fixture, env) }));
  try {
    const outcomes = await Promise.allSettled(
      skeins.map((s) => s.resume(paused.runId, { ok: true, note: 'go' })),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled' && o.value.status === 'completed');
    assert.equal(
      won.length,
      1,
      JSON.stringify(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.status : String(o.reason)))),
    );
    for (const o of outcomes) if (o !== won[0]) assert.equal(o.status, 'rejected', JSON.stringify(o));
    const run = await skeins[0].getRun(paused.runId);
    assert.equal(run?.status, 'completed');
    assert.deepEqual(run?.output, { answer: 'pen ok=true note=go' });
    const events = await skeins[0].events(paused.runId);
    assert.equal(events.filter((e) => e.type === 'completed').length, 1);
  } finally {
    await Promise.all(skeins.map((s) => s.close()));
  }
});

// A run queued for a worker is pinned to the files it was started with: the skill's file edited and
// re-versioned while it waits in the queue, and again while it is paused, changes nothing it does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresAvailable } from '../../helpers/postgres.js';
import {
  dispatchingSkein,
  sharedStore,
  startWorker,
  waitFor,
  WORKERS_FIXTURE,
} from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test(
  'a queued run whose file is edited before a worker takes it, and again while it is paused, runs the files it started with',
  { skip },
  async () => {
    const skills = mkdtempSync(join(tmpdir(), 'skein-pin-worker-'));
    cpSync(join(WORKERS_FIXTURE, 'skills'), skills, { recursive: true });
    const file = join(skills, 'confirm.md');
    const edit = (from: string, to: string) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
    const store = await sharedStore('pinning', { SKEIN_SKILLS: skills });
    const skein = dispatchingSkein(store);
    let worker;
    try {
      // No worker yet: the run waits in the queue while its file changes.
      const started = skein.run('confirm', { item: 'tea' });
      await waitFor(async () => (await skein.listRuns({ skill: 'confirm' })).runs.length === 1);
      edit('"{{item}}. Confirm?"', '"CHANGED {{item}}?"');
      edit('**version**: 1.0.0', '**version**: 2.0.0');
      worker = await startWorker(store.env, ['--concurrency', '1']);
      const paused = await started;
      assert.equal(paused.status, 'awaiting', JSON.stringify(paused));
      assert.equal(paused.await?.message, 'tea. Confirm?');

      edit('{{item}} ok={{ok}} marked={{after_done}}', 'EDITED {{item}}');
      const done = await skein.resume(paused.runId, { ok: true });
      assert.deepEqual(done.output, { answer: 'tea ok=true marked=true' }, JSON.stringify(done));
      const run = await skein.getRun(paused.runId);
      assert.equal(run?.skill.version, '1.0.0');
      const changed = (await skein.events(paused.runId)).filter((e) => e.type === 'skill_changed');
      assert.ok(changed.length >= 1, 'the worker said the file changed');
    } finally {
      await worker?.stop('SIGKILL');
      await skein.close();
      await store.drop();
    }
  },
);

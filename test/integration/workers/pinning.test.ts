// A run queued for a worker is pinned to the files it was started with: the skill's file edited and
// re-versioned while it waits in the queue, and again while it is paused, changes nothing it does; nor
// does an edit made while a worker that is then killed was inside one of its steps.
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

test(
  'a run taken over from a killed worker after its file changed runs the files it started with',
  { skip },
  async () => {
    const skills = mkdtempSync(join(tmpdir(), 'skein-pin-takeover-'));
    cpSync(join(WORKERS_FIXTURE, 'skills'), skills, { recursive: true });
    const file = join(skills, 'chain.md');
    const edit = (from: string, to: string) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
    const store = await sharedStore('pintakeover', { SKEIN_SKILLS: skills });
    const skein = dispatchingSkein(store);
    // The first worker's steps never end: it is killed inside one.
    const first = await startWorker({ ...store.env, MARK_MS: '600000' }, ['--concurrency', '1']);
    let second;
    try {
      const started = skein.run('chain', { label: 'kept' });
      await waitFor(async () => {
        const [run] = (await skein.listRuns({ skill: 'chain' })).runs;
        return !!run && (await skein.events(run.id)).some((e) => e.type === 'node_started');
      });
      edit('{{label}}: one={{one_done}}', 'EDITED {{label}}: one={{one_done}}');
      edit('**version**: 1.0.0', '**version**: 2.0.0');
      await first.stop('SIGKILL');
      second = await startWorker({ ...store.env, MARK_MS: '20' }, ['--concurrency', '1']);
      const done = await started;
      assert.equal(done.status, 'completed', JSON.stringify(done));
      assert.deepEqual(done.output, { summary: 'kept: one=true two=true three=true' });
      const run = await skein.getRun(done.runId);
      assert.equal(run?.skill.version, '1.0.0');
      const changed = (await skein.events(done.runId)).filter((e) => e.type === 'skill_changed');
      assert.equal(changed.length, 1, 'the worker that took it over said the file changed');
    } finally {
      await first.stop('SIGKILL').catch(() => {});
      await second?.stop('SIGKILL');
      await skein.close();
      await store.drop();
    }
  },
);

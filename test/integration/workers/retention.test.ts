// `skein worker` prunes by retention.runs on its own, as `skein serve` does (SKEIN_PRUNE_EVERY_MS for the test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSkein } from '../../../src/host/index.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { postgresAvailable } from '../../helpers/postgres.js';
import {
  sharedStore,
  startWorker,
  waitFor,
  WORKERS_FIXTURE,
  type WorkerProcess,
} from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test('a worker prunes finished runs older than retention.runs and keeps paused ones', { skip }, async () => {
  const store = await sharedStore('retention');
  const config = join(store.env.SKEIN_HOME, 'skein.yaml');
  writeFileSync(
    config,
    `skills: ${join(WORKERS_FIXTURE, 'skills')}\ntools:\n  modules: [${join(WORKERS_FIXTURE, 'tools.ts')}]\nretention:\n  runs: 1s\n`,
  );
  const env = { ...store.env, SKEIN_CONFIG: config };
  // Runs driven here (no dispatch): one completes, one pauses.
  const skein = openSkein({ config: loadConfig(WORKERS_FIXTURE, { ...process.env, ...env }) });
  let worker: WorkerProcess | undefined;
  // The tools run here too, for the runs this test drives.
  process.env.MARKS_FILE = store.marksFile;
  try {
    const done = await skein.run('chain', { label: 'x' });
    const paused = await skein.run('confirm', { item: 'tea' });
    assert.deepEqual([done.status, paused.status], ['completed', 'awaiting']);
    worker = await startWorker({ ...env, SKEIN_PRUNE_EVERY_MS: '100' }, ['--concurrency', '1']);
    const logged = () =>
      worker!
        .stderr()
        .split('\n')
        .filter((l) => l.includes('"event":"pruned"'));
    await waitFor(() => logged().length > 0);
    assert.equal(JSON.parse(logged()[0]).runs, 1, worker.stderr());
    assert.equal(await skein.getRun(done.runId), undefined);
    assert.equal((await skein.getRun(paused.runId))?.status, 'awaiting');
  } finally {
    await worker?.stop('SIGKILL');
    await skein.close();
    await store.drop();
  }
});

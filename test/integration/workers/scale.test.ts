import { test } from 'node:test';
import assert from 'node:assert/strict';
import { postgresAvailable } from '../../helpers/postgres.js';
import { dispatchingSkein, marks, sharedStore, startWorker, waitFor } from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';
const RUNS = 200;
const CONCURRENCY = 4;

test(
  `3 workers, ${RUNS} runs, one worker SIGKILLed mid-way: every run completes, no finished step runs again`,
  { skip },
  async () => {
    const store = await sharedStore('scale', { MARK_MS: '15' });
    const skein = dispatchingSkein(store);
    const args = ['--concurrency', String(CONCURRENCY)];
    const workers = await Promise.all([1, 2, 3].map(() => startWorker(store.env, args)));
    try {
      const results = Promise.all(
        Array.from({ length: RUNS }, (_, i) => skein.run('chain', { label: `r${i}` })),
      );
      const victim = workers[0];
      // Killed once it has marked a few steps: it holds runs with a step in flight.
      await waitFor(() => marks(store).filter(([, , pid]) => pid === String(victim.pid)).length >= 10).catch(
        (e) => assert.fail(`${e.message}: the worker to kill took no runs: ${victim.stderr()}`),
      );
      await victim.stop('SIGKILL');
      const done = await results;

      for (const [i, r] of done.entries()) {
        assert.equal(r.status, 'completed', JSON.stringify(r));
        assert.deepEqual(r.output, { summary: `r${i}: one=true two=true three=true` });
      }
      // Each step ran once, but for a step in flight on the killed worker (at most one per run it held).
      const times = new Map<string, string[]>();
      for (const [runId, label, pid] of marks(store)) {
        const key = `${runId} ${label}`;
        times.set(key, [...(times.get(key) ?? []), pid]);
      }
      assert.equal(times.size, RUNS * 3);
      const twice = [...times.entries()].filter(([, pids]) => pids.length > 1);
      assert.ok(twice.length <= CONCURRENCY, `${twice.length} steps ran twice: ${JSON.stringify(twice)}`);
      for (const [key, pids] of twice) {
        assert.equal(pids.length, 2, key);
        assert.equal(pids[0], String(victim.pid), `${key} ran twice, first not on the killed worker`);
      }
      // Runs the killed worker held were finished by another one.
      const taken = new Set<string>();
      const byRun = new Map<string, Set<string>>();
      for (const [runId, , pid] of marks(store)) byRun.set(runId, (byRun.get(runId) ?? new Set()).add(pid));
      for (const [runId, pids] of byRun) if (pids.has(String(victim.pid)) && pids.size > 1) taken.add(runId);
      assert.ok(taken.size >= 1, 'no run of the killed worker was taken over');
      // The store agrees: no step of a run finished twice.
      for (const runId of taken) {
        const finished = (await skein.events(runId)).filter((e) => e.type === 'node_finished');
        assert.equal(
          new Set(finished.map((e) => e.type === 'node_finished' && e.node)).size,
          finished.length,
        );
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop('SIGKILL')));
      await skein.close();
      await store.drop();
    }
  },
);

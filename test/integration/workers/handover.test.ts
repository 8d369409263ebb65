import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunRefused } from '../../../src/runtime/index.js';
import { postgresAvailable } from '../../helpers/postgres.js';
import { dispatchingSkein, marks, sharedStore, startWorker, waitFor } from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';

test(
  'a run paused on one worker is resumed on another; of 50 resumes at once exactly one wins',
  { skip },
  async () => {
    const store = await sharedStore('handover');
    const skein = dispatchingSkein(store);
    const first = await startWorker(store.env, ['--concurrency', '1']);
    let second;
    try {
      const paused = await skein.run('confirm', { item: 'tea' });
      assert.equal(paused.status, 'awaiting');
      assert.equal(await first.stop(), 0, first.stderr());
      second = await startWorker(store.env, ['--concurrency', '2']);

      const answers = await Promise.allSettled(
        Array.from({ length: 50 }, () => skein.resume(paused.runId, { ok: true })),
      );
      const won = answers.filter((a) => a.status === 'fulfilled');
      assert.equal(won.length, 1);
      assert.deepEqual(won[0].status === 'fulfilled' && won[0].value.output, {
        answer: 'tea ok=true marked=true',
      });
      for (const a of answers)
        if (a.status === 'rejected') {
          assert.ok(a.reason instanceof RunRefused, String(a.reason));
          assert.equal(a.reason.code, 'not_awaiting');
        }
      // The step after the pause ran once, on the second worker.
      assert.deepEqual(
        marks(store).map(([runId, label, pid]) => [runId, label, Number(pid)]),
        [[paused.runId, 'after', second.pid]],
      );
    } finally {
      await second?.stop('SIGKILL');
      await first.stop('SIGKILL');
      await skein.close();
      await store.drop();
    }
  },
);

test(
  'a step that kills its worker each time is tried 3 times, then the run fails with worker_crashed',
  { skip },
  async () => {
    const store = await sharedStore('crash');
    const skein = dispatchingSkein(store);
    const deaths: (number | null)[] = [];
    try {
      const result = skein.run('crasher', { label: 'x' });
      // One worker at a time: each dies in the step, and the next takes the run over.
      for (let i = 0; i < 6; i++) {
        const worker = await startWorker(store.env, ['--concurrency', '1']);
        const ended = await Promise.race([worker.exited.then(() => true), result.then(() => false)]);
        if (!ended) {
          await worker.stop('SIGKILL');
          break;
        }
        deaths.push(worker.child.signalCode as unknown as number);
      }
      const out = await result;
      assert.equal(out.status, 'failed');
      assert.equal(out.error?.code, 'worker_crashed');
      assert.equal(out.error?.step, 'boom');
      assert.match(out.error!.message, /step "boom" was in flight each of the 3 times/);
      assert.equal(deaths.length, 3);
      // The step before it finished once and was never repeated.
      assert.equal(marks(store).filter(([, label]) => label === 'first').length, 1);
      await waitFor(async () => (await skein.getRun(out.runId))?.status === 'failed');
    } finally {
      await skein.close();
      await store.drop();
    }
  },
);

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunQueue } from '../queue.js';
import type { RunStore } from '../store.js';
import { runRecord as run, type SuiteOptions } from './fixtures.js';

/** A run queue over the store it plugs into, as `runQueueSuite` opens them; `close` closes both. */
export interface QueueUnderTest {
  store: RunStore;
  queue: RunQueue;
  close(): Promise<void>;
}

/** How long the suite waits for a queue to hand a run over or tell of a change. */
const WAIT_MS = 15_000;

/**
 * The run queue's conformance suite: registers node:test tests that every `RunQueue` must pass (the
 * pg-boss queue runs it; so should yours). `open` gives a new, empty store with its queue plugged in.
 * See ARCHITECTURE.md, Ports and their suites.
 */
export function runQueueSuite(open: () => Promise<QueueUnderTest>, options: SuiteOptions): void {
  describe(`${options.name} run queue`, { skip: options.skip || undefined }, () => {
    test("a run nobody holds is queued in its store's transaction and handed to take", async () => {
      const { store, queue, close } = await open();
      const taken: string[] = [];
      const stop = await queue.work(2, async (id) => void taken.push(id));
      try {
        await store.createRun(run('free', { owner: undefined, leaseUntil: undefined }));
        await store.createRun(run('held'));
        await store.createRun(run('child', { owner: undefined, leaseUntil: undefined, parentRunId: 'free' }));
        await until(() => taken.includes('free'));
        // An answered run with no owner is queued again; a run held by a process, or a child run, is not.
        await store.transition('free', ['running'], 'awaiting');
        await store.transition('free', ['awaiting'], 'running');
        await until(() => taken.filter((id) => id === 'free').length === 2);
        assert.deepEqual(taken, ['free', 'free']);
      } finally {
        await stop();
        await close();
      }
    });

    test('a run queued again because its process died is handed over before the runs waiting', async () => {
      const { store, queue, close } = await open();
      for (let i = 0; i < 5; i++)
        await store.createRun(run(`w${i}`, { owner: undefined, leaseUntil: undefined }));
      await store.createRun(run('orphan'));
      await queue.enqueue('orphan');
      const taken: string[] = [];
      const stop = await queue.work(1, async (id) => void taken.push(id));
      try {
        await until(() => taken.length === 6);
        assert.equal(taken[0], 'orphan');
        assert.deepEqual(taken.slice(1).sort(), ['w0', 'w1', 'w2', 'w3', 'w4']);
      } finally {
        await stop();
        await close();
      }
    });

    test('stopping waits for the runs in hand; watch and watchAll tell of a status change until unwatched', async () => {
      const { store, queue, close } = await open();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started = false;
      let finished = false;
      const stop = await queue.work(1, async () => {
        started = true;
        await held;
        finished = true;
      });
      try {
        await store.createRun(run('r', { owner: undefined, leaseUntil: undefined }));
        await until(() => started);
        let told = 0;
        let toldAll = 0;
        const unwatch = queue.watch('r', () => told++);
        const unwatchAll = queue.watchAll(() => toldAll++);
        await until(async () => {
          // The first change may come before the queue listens: change again until it is heard.
          await store.transition('r', ['running'], 'awaiting', {}, undefined);
          await store.transition('r', ['awaiting'], 'running', { owner: 'elsewhere:1:x' });
          return told > 0 && toldAll > 0;
        });
        unwatch();
        unwatchAll();
        const before = told;
        const beforeAll = toldAll;
        await store.transition('r', ['running'], 'completed');
        const stopping = stop();
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(finished, false);
        release();
        await stopping;
        assert.equal(finished, true);
        assert.equal(told, before);
        assert.equal(toldAll, beforeAll);
      } finally {
        release();
        await close();
      }
    });
  });
}

/** Waits until `check` holds, looking every 50 ms, for at most `WAIT_MS`. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('the queue did not do it in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skein as cli } from '../../helpers/cli.js';
import { postgresAvailable } from '../../helpers/postgres.js';
import {
  dispatchingSkein,
  marks,
  sharedStore,
  startWorker,
  waitFor,
  type WorkerProcess,
} from '../../helpers/workers.js';

const skip = (await postgresAvailable()) ? undefined : 'no PostgreSQL';
const BACKLOG = 100;

/** A worker's stderr as the JSON lines it logged. */
const logged = (worker: WorkerProcess): Record<string, unknown>[] =>
  worker
    .stderr()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));

test(
  `a worker SIGKILLed with ${BACKLOG} runs queued: its run is taken over ahead of them, the killed attempt is closed as lost, and both workers log it`,
  { skip },
  async () => {
    const store = await sharedStore('takeover');
    const skein = dispatchingSkein(store);
    // The first worker's steps never end: it is killed inside one.
    const first = await startWorker({ ...store.env, MARK_MS: '600000' }, ['--concurrency', '1']);
    let second: WorkerProcess | undefined;
    try {
      const orphan = skein.run('chain', { label: 'orphan' });
      await waitFor(() => logged(first).some((l) => l.event === 'claimed'));
      const orphanId = String(logged(first).find((l) => l.event === 'claimed')!.run);
      await waitFor(async () => (await skein.events(orphanId)).some((e) => e.type === 'node_started'));

      second = await startWorker({ ...store.env, MARK_MS: '20' }, ['--concurrency', '1']);
      const backlog = Array.from({ length: BACKLOG }, (_, i) => skein.run('chain', { label: `b${i}` }));
      await waitFor(() => marks(store).length >= 3);
      await first.stop('SIGKILL');

      const result = await orphan;
      assert.equal(result.status, 'completed', JSON.stringify(result));
      assert.deepEqual(result.output, { summary: 'orphan: one=true two=true three=true' });
      for (const r of await Promise.all(backlog)) assert.equal(r.status, 'completed');

      // The second worker logged the takeover, naming the dead owner, before it had claimed half the backlog.
      const lines = logged(second);
      const at = lines.findIndex((l) => l.event === 'took_over' && l.run === orphanId);
      assert.ok(at >= 0, second.stderr());
      assert.match(String(lines[at].from), new RegExp(`:${first.pid}:`));
      assert.ok(lines.some((l) => l.event === 'requeued' && l.run === orphanId));
      const claimedBefore = lines.slice(0, at).filter((l) => l.event === 'claimed').length;
      assert.ok(claimedBefore < BACKLOG / 2, `${claimedBefore} queued runs were claimed before the orphan`);
      for (const l of lines) assert.equal(typeof l.at, 'string');

      // The killed attempt is closed as lost, and the step runs again.
      const events = await skein.events(orphanId);
      const lost = events.findIndex((e) => e.type === 'node_failed' && e.lost);
      assert.deepEqual(events[lost] && { ...events[lost], at: undefined, seq: undefined, runId: undefined }, {
        type: 'node_failed',
        node: 'one',
        error: 'lost: its worker died',
        attempt: 1,
        willRetry: true,
        lost: true,
        at: undefined,
        seq: undefined,
        runId: undefined,
      });
      assert.ok(events.slice(lost).some((e) => e.type === 'node_started' && e.node === 'one'));
      const trace = await cli(['inspect', orphanId.slice(0, 8), '--trace'], { env: store.env });
      assert.equal(trace.code, 0, trace.stderr);
      assert.match(trace.stdout, /step one.*lost: its worker died/);
      assert.doesNotMatch(trace.stdout, /running/);
    } finally {
      await second?.stop('SIGKILL');
      await first.stop('SIGKILL');
      await skein.close();
      await store.drop();
    }
  },
);

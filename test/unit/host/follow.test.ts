import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, openSkein, type FollowedEvent } from '../../../src/index.js';

const SERVER_FIXTURE = new URL('../../fixtures/server', import.meta.url).pathname;

// `Skein.follow` (docs/library-api.md): the one run follower, woken by the runs this
// Skein drives, reads the same events the store keeps, in order, and ends with the run.

test('Skein.follow: a run resumed here is followed to its end, woken by this process alone (no poll)', async () => {
  const env = { SKEIN_HOME: join(tmpdir(), 'skein-unused-home'), GATE_DIR: tmpdir() };
  const skein = openSkein({ config: loadConfig(SERVER_FIXTURE, env), store: 'memory' });
  try {
    const paused = await skein.run('confirm', { item: 'a lamp' });
    assert.equal(paused.status, 'awaiting');
    // Following a run that is not running ends at once, with the events it has.
    const before: FollowedEvent[] = [];
    for await (const item of skein.follow(paused.runId)) before.push(item);
    assert.deepEqual(
      before.map((i) => i.event),
      await skein.events(paused.runId),
    );
    const after = before.at(-1)!.event.seq;
    let following: Promise<FollowedEvent[]> | undefined;
    const collect = async (events: AsyncIterable<FollowedEvent>) => {
      const seen: FollowedEvent[] = [];
      for await (const item of events) seen.push(item);
      return seen;
    };
    // A poll far away: only this process's wake-ups can move the follower on.
    const result = await skein.resume(
      paused.runId,
      { ok: true },
      { onEvent: (e) => void (following ??= collect(skein.follow(e.runId, { after, pollMs: 600_000 }))) },
    );
    assert.equal(result.status, 'completed');
    const followed = await following!;
    assert.deepEqual(
      followed.map((i) => i.event),
      await skein.events(paused.runId, after),
    );
    assert.deepEqual(
      followed.map((i) => i.event.type),
      [
        'node_started',
        'resumed',
        'node_finished',
        'node_started',
        'node_finished',
        'node_started',
        'node_finished',
        'completed',
      ],
    );
  } finally {
    await skein.close();
  }
});

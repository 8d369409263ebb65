import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  followRun,
  isoNow,
  LocalWake,
  type FollowedEvent,
  type RunEvent,
  type RunEventBody,
  type RunRecord,
} from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';

// The run follower (docs/runtime.md, "Following a run") over a memory store, woken by the in-process
// wake-up: what it reads from the store at each wake-up, and when it stops.

/** A memory store that records what the follower asked of it. */
class CountingStore extends MemoryRunStore {
  readonly eventReads: (number | undefined)[] = [];
  runReads = 0;
  override events(runId: string, afterSeq?: number): Promise<RunEvent[]> {
    this.eventReads.push(afterSeq);
    return super.events(runId, afterSeq);
  }
  override getRun(id: string): Promise<RunRecord | undefined> {
    this.runReads++;
    return super.getRun(id);
  }
}

/** A run driven "here": its events are stored, then published, as the runtime's sink does. */
async function newRun(leaseUntil?: number) {
  const store = new CountingStore();
  const wake = new LocalWake();
  let seq = 0;
  const event = (body: RunEventBody): RunEvent =>
    ({ ...body, runId: 'r1', seq: seq++, at: isoNow() }) as RunEvent;
  const run: RunRecord = {
    id: 'r1',
    skill: { id: 's', version: '1.0.0', source: 's.md' },
    input: {},
    status: 'running',
    owner: 'here',
    leaseUntil,
    createdAt: isoNow(),
    updatedAt: isoNow(),
  };
  await store.createRun(run, [event({ type: 'run_started', skill: 's', version: '1.0.0', input: {} })]);
  /** Stores (unless ephemeral) and publishes one event. */
  const emit = async (body: RunEventBody) => {
    const e = event(body);
    if (body.type !== 'llm_delta') await store.appendEvents([e]);
    wake.publish(e);
    return e;
  };
  const complete = async () => {
    const done = event({ type: 'completed', output: { ok: true } });
    await store.transition('r1', ['running'], 'completed', { output: { ok: true } }, undefined, [done]);
    wake.publish(done);
  };
  return { store, wake, emit, complete };
}

const types = (items: FollowedEvent[]) => items.map((i) => `${i.event.type}${i.stored ? '' : ' (streamed)'}`);

test('each wake-up reads only the events after the last one seen; the status only at the start and after a stopping event', async () => {
  const { store, wake, emit, complete } = await newRun();
  // A poll far away: only wake-ups move the follower on.
  const it = followRun(store, 'r1', { wake, pollMs: 600_000 });
  const seen: FollowedEvent[] = [(await it.next()).value as FollowedEvent];
  await emit({ type: 'node_started', node: 'a', kind: 'tool', attempt: 1 });
  seen.push((await it.next()).value as FollowedEvent);
  await emit({ type: 'llm_delta', node: 'a', text: 'Hel' });
  await emit({ type: 'node_finished', node: 'a', kind: 'tool', ms: 1 });
  seen.push((await it.next()).value as FollowedEvent, (await it.next()).value as FollowedEvent);
  await complete();
  for await (const item of { [Symbol.asyncIterator]: () => it }) seen.push(item);
  assert.deepEqual(types(seen), [
    'run_started',
    'node_started',
    'llm_delta (streamed)',
    'node_finished',
    'completed',
  ]);
  assert.deepEqual(
    seen.map((i) => i.event.seq),
    [0, 1, 2, 3, 4],
  );
  // Every read asks for the events after the last stored one seen by then: never one seen before.
  const storedSeqs = seen.filter((i) => i.stored).map((i) => i.event.seq);
  assert.deepEqual(store.eventReads.slice(0, 4), [-1, 0, 1, 3]);
  for (const [i, after] of store.eventReads.entries()) {
    assert.ok(after === -1 || storedSeqs.includes(after!), `read ${i} after ${after}`);
    if (i) assert.ok(after! >= store.eventReads[i - 1]!, `read ${i} went back to ${after}`);
  }
  assert.equal(store.eventReads.at(-1), 4);
  assert.equal(store.runReads, 2, 'the run is read at the start and after `completed`, not at every wake-up');
});

test('`after` skips the events already seen; a run that has ended is read once and the follower ends', async () => {
  const { store, emit, complete } = await newRun();
  await emit({ type: 'node_started', node: 'a', kind: 'tool', attempt: 1 });
  await complete();
  const seen: FollowedEvent[] = [];
  for await (const item of followRun(store, 'r1', { after: 0 })) seen.push(item);
  assert.deepEqual(types(seen), ['node_started', 'completed']);
  assert.deepEqual(store.eventReads, [0]);
  const none: FollowedEvent[] = [];
  for await (const item of followRun(store, 'missing')) none.push(item);
  assert.deepEqual(none, []);
});

test('a run whose process died (lease lapsed) ends the follower, unless it waits for a takeover', async () => {
  const { store, wake, complete } = await newRun(Date.now() - 1);
  const ended: FollowedEvent[] = [];
  for await (const item of followRun(store, 'r1', { wake })) ended.push(item);
  assert.deepEqual(types(ended), ['run_started']);
  const it = followRun(store, 'r1', { wake, pollMs: 600_000, waitForTakeover: true });
  assert.equal((await it.next()).value?.event.type, 'run_started');
  const next = it.next();
  await complete();
  assert.equal((await next).value?.event.type, 'completed');
  assert.equal((await it.next()).done, true);
});

test('an aborted follower ends while it waits for a wake-up', async () => {
  const { store, wake } = await newRun();
  const stop = new AbortController();
  const it = followRun(store, 'r1', { wake, pollMs: 600_000, signal: stop.signal });
  await it.next();
  const next = it.next();
  stop.abort();
  assert.equal((await next).done, true);
});

test('a run followed from its first event, before it is stored, is looked for again at the next wake-up', async () => {
  const { wake } = await newRun();
  const store = new CountingStore();
  const it = followRun(store, 'r1', { wake, pollMs: 600_000 });
  const first = it.next();
  const started: RunEvent = {
    type: 'run_started',
    skill: 's',
    version: '1.0.0',
    input: {},
    runId: 'r1',
    seq: 0,
    at: isoNow(),
  };
  await store.createRun(
    {
      id: 'r1',
      skill: { id: 's', version: '1.0.0', source: 's.md' },
      input: {},
      status: 'running',
      createdAt: isoNow(),
      updatedAt: isoNow(),
    },
    [started],
  );
  wake.publish(started);
  assert.equal((await first).value?.event.type, 'run_started');
});

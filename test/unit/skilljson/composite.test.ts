import { test } from 'node:test';
import assert from 'node:assert/strict';
import { run, testHost } from '../../helpers/skilljson.js';

test('a DAG pipeline runs its ready steps concurrently, and a step with depends waits for both', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'fan', { ms: 400 });
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  const { left, right, join } = r.output as Record<string, { tag: string; started: number; ended: number }>;
  assert.ok(
    left.started < right.ended && right.started < left.ended,
    `left and right overlap: ${JSON.stringify({ left, right })}`,
  );
  assert.ok(join.started >= Math.max(left.ended, right.ended), 'join starts after both');
  assert.equal(join.tag, 'left+right');
  // Measured on the steps themselves, so that loading the skill's module under a busy machine does not count.
  const span = Math.max(left.ended, right.ended) - Math.min(left.started, right.started);
  assert.ok(span < 800, `two 400 ms steps in parallel took ${span} ms`);
  const order = r.events
    .filter((e) => e.type === 'node_started' && e.runId === r.runId)
    .map((e) => (e as { node: string }).node);
  assert.deepEqual(order.slice(0, 3).sort(), ['__start__', 'left', 'right'].sort());
  assert.deepEqual(order.slice(3), ['join', '__output__']);
});

test('a sequential pipeline: pipes, a false condition skips a step, outputMapping falls back', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const quiet = await run(host, 'chain', { words: ['a', 'b', 'c'], shout: false });
  assert.equal(quiet.status, 'completed', JSON.stringify(quiet.error));
  assert.deepEqual(quiet.output, { text: 'a + b', count: '["a","b"]', missing: 'none' });
  assert.ok(quiet.events.some((e) => e.type === 'node_skipped' && e.node === 'loud'));
  const loud = await run(host, 'chain', { words: ['a', 'b', 'c'], shout: true });
  assert.deepEqual(loud.output, { text: 'a + b!', count: '["a","b"]', missing: 'none' });
});

test('the TypeScript pipeline alternative calls skills through ctx.call', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'ts_pipeline', { words: ['x', 'y'] });
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.deepEqual(r.output, { values: ['X', 'Y'] });
});

test('a call to a skill that is not loaded fails the run clearly', async (t) => {
  const host = await testHost();
  t.after(() => host.close());
  const r = await run(host, 'needs_missing', {});
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.step, 'try');
  assert.match(r.error!.message, /no skill "not_there"; known: .*sleepy/);
});

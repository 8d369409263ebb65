import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunEvent } from '../../../web/src/api/types.js';
import { applyEvent, EMPTY_RUN, type RunState } from '../../../web/src/run/run-state.js';

// The run view's fold (web/src/run/run-state.ts): events in, what the page shows out.

let seq = 0;
const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();
/** An event as it comes over the wire (built loosely: a test also sends a type the page does not know). */
const e = (type: string, fields: Record<string, unknown> = {}): RunEvent =>
  ({ type, seq: seq++, at: at(seq), runId: 'r1', ...fields }) as unknown as RunEvent;
const fold = (events: RunEvent[], from: RunState = EMPTY_RUN) => events.reduce(applyEvent, from);
const started = (node: string, kind = 'template', attempt = 1) => e('node_started', { node, kind, attempt });

test('steps start, stream, finish and are skipped in the order of their events; the run completes', () => {
  const s = fold([
    e('run_started', { skill: 'order', version: '1.0.0', input: {} }),
    started('note', 'llm'),
    e('llm_delta', { node: 'note', text: 'A warm ' }),
    e('llm_delta', { node: 'note', text: 'pot.' }),
    e('llm_usage', { node: 'note', model: 'compat:m', inputTokens: 14, outputTokens: 10 }),
    e('node_finished', { node: 'note', kind: 'llm', value: 'A warm pot.', ms: 12 }),
    e('node_skipped', { node: 'warn', reason: 'guard' }),
    started('receipt'),
    e('node_finished', { node: 'receipt', kind: 'template', value: 'ok', ms: 1 }),
    e('completed', { output: { receipt: 'ok' } }),
  ]);
  assert.equal(s.status, 'completed');
  assert.deepEqual(s.output, { receipt: 'ok' });
  assert.deepEqual(s.nodes, { note: 'finished', warn: 'skipped', receipt: 'finished' });
  assert.deepEqual(
    s.steps.map((x) => [x.node, x.kind, x.state, x.ms, x.skipped]),
    [
      ['note', 'llm', 'finished', 12, undefined],
      ['warn', '', 'skipped', undefined, 'guard'],
      ['receipt', 'template', 'finished', 1, undefined],
    ],
  );
  assert.equal(s.steps[0].text, 'A warm pot.');
  assert.deepEqual(s.steps[0].usage, [{ model: 'compat:m', inputTokens: 14, outputTokens: 10 }]);
  assert.deepEqual(s.tokens, { input: 14, output: 10 });
});

test('a replayed model step (no deltas are stored) shows the text it finished with', () => {
  const s = fold([
    started('note', 'llm'),
    e('node_finished', { node: 'note', kind: 'llm', value: 'Stored.', ms: 3 }),
  ]);
  assert.equal(s.steps[0].text, 'Stored.');
  const t = fold([
    started('t'),
    e('node_finished', { node: 't', kind: 'template', value: 'not text of a model', ms: 3 }),
  ]);
  assert.equal(t.steps[0].text, '', 'only a model step shows its value as text');
});

test('a failed attempt that is retried stays in the list; the next attempt is a step of its own', () => {
  const s = fold([
    started('address', 'call'),
    e('node_failed', { node: 'address', error: 'the ink smudged', attempt: 1, willRetry: true }),
    started('address', 'call', 2),
    e('node_finished', { node: 'address', kind: 'call', value: {}, ms: 5 }),
  ]);
  assert.deepEqual(
    s.steps.map((x) => [x.attempt, x.state, x.error, x.willRetry]),
    [
      [1, 'failed', 'the ink smudged', true],
      [2, 'finished', undefined, undefined],
    ],
  );
  assert.equal(s.nodes.address, 'finished');
});

test('tool calls pair with their results by name; refusals, logs and rejected answers go to their step', () => {
  const s = fold([
    started('parcel', 'agent'),
    e('tool_refused', { node: 'parcel', tool: 'explode', input: { why: 1 }, reason: 'not allowed' }),
    e('tool_started', { node: 'parcel', tool: 'status', input: { id: 'P-1' } }),
    e('tool_started', { node: 'parcel', tool: 'status', input: { id: 'P-2' } }),
    e('tool_finished', { node: 'parcel', tool: 'status', output: 'second', ms: 4 }),
    e('tool_finished', { node: 'parcel', tool: 'status', output: 'first', ms: 6 }),
    e('tool_finished', { node: 'parcel', tool: 'late', output: 'no start seen', ms: 1 }),
    e('log', { node: 'parcel', text: 'starting Python (first use)' }),
    e('llm_delta', { node: 'parcel', text: '{"response":"Somewhere."}' }),
    e('answer_rejected', {
      node: 'parcel',
      code: 'contract_invalid',
      problems: ['control is required'],
      answer: '{"response":"Somewhere."}',
      attempt: 1,
      willRetry: true,
    }),
  ]);
  const [step] = s.steps;
  assert.deepEqual(
    step.tools.map((t) => [t.tool, t.input, t.output, t.ms, t.refused]),
    [
      ['explode', { why: 1 }, undefined, undefined, 'not allowed'],
      ['status', { id: 'P-1' }, 'first', 6, undefined],
      ['status', { id: 'P-2' }, 'second', 4, undefined],
      ['late', undefined, 'no start seen', 1, undefined],
    ],
  );
  assert.deepEqual(step.logs, ['starting Python (first use)']);
  assert.deepEqual(step.rejected, [
    {
      code: 'contract_invalid',
      problems: ['control is required'],
      answer: '{"response":"Somewhere."}',
      willRetry: true,
    },
  ]);
  assert.equal(step.text, '', 'the rejected answer’s text is not the step’s answer');
});

test('a pause marks its step and node awaiting; the resume goes on in the same step entry', () => {
  const request = { step: 'confirm', message: 'Confirm?', inputSchema: { type: 'object' } };
  const paused = fold([
    started('note'),
    e('node_finished', { node: 'note', kind: 'template', ms: 1 }),
    started('confirm', 'await'),
    e('awaiting', { request }),
  ]);
  assert.equal(paused.status, 'awaiting');
  assert.deepEqual(paused.await, request);
  assert.equal(paused.nodes.confirm, 'awaiting');
  assert.deepEqual(
    paused.steps.map((x) => x.state),
    ['finished', 'awaiting'],
  );
  const resumed = fold(
    [
      e('resumed', { node: 'confirm', input: { ok: true } }),
      started('confirm', 'await'),
      e('node_finished', { node: 'confirm', kind: 'await', value: { ok: true }, ms: 2 }),
    ],
    paused,
  );
  assert.equal(resumed.status, 'running');
  assert.equal(resumed.await, undefined);
  assert.deepEqual(
    resumed.steps.map((x) => [x.node, x.state]),
    [
      ['note', 'finished'],
      ['confirm', 'finished'],
    ],
  );
});

test('a call whose child run waits marks the calling node, named by the request', () => {
  const s = fold([
    started('/main/polish', 'call'),
    e('awaiting', {
      request: { step: '/polish/ask', node: '/main/polish', message: 'Name?', inputSchema: {} },
    }),
  ]);
  assert.equal(s.nodes['/main/polish'], 'awaiting');
  assert.equal(s.nodes['/polish/ask'], undefined);
  assert.equal(s.steps[0].state, 'awaiting');
});

test('a failure keeps its error; events for no step change nothing; the fold never changes the state it is given', () => {
  const before = fold([started('blow', 'tool')]);
  const copy = structuredClone(before);
  const after = fold(
    [
      e('log', { node: 'nobody', text: 'lost' }),
      e('tool_finished', { node: 'nobody', tool: 'x', output: 1, ms: 1 }),
      e('node_failed', { node: 'blow', error: 'exploded: boom', attempt: 1, willRetry: false }),
      e('failed', { error: { code: 'node_failed', message: 'exploded: boom', step: 'blow' } }),
      e('some_future_event', { node: 'blow' }),
    ],
    before,
  );
  assert.deepEqual(before, copy);
  assert.equal(after.status, 'failed');
  assert.deepEqual(after.error, { code: 'node_failed', message: 'exploded: boom', step: 'blow' });
  assert.deepEqual(
    after.steps.map((x) => [x.node, x.state, x.logs, x.tools.length]),
    [['blow', 'failed', [], 0]],
  );
});

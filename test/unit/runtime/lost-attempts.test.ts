import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crashedStep, lostAttempts } from '../../../src/runtime/crashed-step.js';
import type { RunEvent, RunEventBody } from '../../../src/runtime/index.js';
import { traceOfRun } from '../../../src/trace/index.js';

let seq = 0;
const ev = (body: RunEventBody, ms = seq): RunEvent =>
  ({ ...body, runId: 'r', seq: seq++, at: new Date(Date.UTC(2026, 0, 1) + ms).toISOString() }) as RunEvent;

const started = (node: string, attempt = 1) => ev({ type: 'node_started', node, kind: 'tool', attempt });

test('the attempts a dead worker left open are closed as lost, and still count as crashes', () => {
  const events = [
    ev({ type: 'run_started', skill: 's', version: '1', input: {} }),
    started('a'),
    ev({ type: 'node_finished', node: 'a', kind: 'tool', ms: 1 }),
    started('b'),
    ev({ type: 'node_failed', node: 'b', error: 'boom', attempt: 1, willRetry: true }),
    started('b', 2),
  ];
  const lost = lostAttempts(events, true);
  assert.deepEqual(lost, [
    {
      type: 'node_failed',
      node: 'b',
      error: 'lost: its worker died',
      attempt: 2,
      willRetry: true,
      lost: true,
    },
  ]);
  // Each takeover closes the attempt as lost; the step is still counted as in flight at each death.
  const history = [
    ...events,
    ev(lost[0]),
    started('b'),
    ev(lostAttempts([started('b')], true)[0]),
    started('b'),
  ];
  assert.deepEqual(crashedStep(history, 3), { node: 'b', times: 3 });
  assert.equal(crashedStep(history.slice(0, -1), 3), undefined);
  assert.deepEqual(lostAttempts(history.slice(0, 3), true), []);
});

test("a lost attempt's step and its unanswered tool call end at the takeover, not at the next attempt", () => {
  seq = 0;
  const [part] = traceOfRun([
    ev({ type: 'run_started', skill: 's', version: '1', input: {} }, 0),
    ev({ type: 'node_started', node: 'a', kind: 'tool', attempt: 1 }, 10),
    ev({ type: 'tool_started', node: 'a', tool: 'mark', input: {} }, 11),
    ev(
      {
        type: 'node_failed',
        node: 'a',
        error: 'lost: its worker died',
        attempt: 1,
        willRetry: true,
        lost: true,
      },
      5000,
    ),
    ev({ type: 'node_started', node: 'a', kind: 'tool', attempt: 1 }, 5001),
    ev({ type: 'tool_started', node: 'a', tool: 'mark', input: {} }, 5002),
    ev({ type: 'tool_finished', node: 'a', tool: 'mark', output: {}, ms: 3 }, 5005),
    ev({ type: 'node_finished', node: 'a', kind: 'tool', ms: 5 }, 5006),
    ev({ type: 'completed', output: {} }, 5007),
  ]);
  const [lost, again] = part.children;
  assert.equal(lost.status, 'error');
  assert.equal(lost.attributes['error.message'], 'lost: its worker died');
  assert.deepEqual([lost.children[0].status, lost.children[0].end], ['error', Date.UTC(2026, 0, 1) + 5000]);
  assert.deepEqual(
    [again.status, again.children[0].status, again.children[0].end],
    ['ok', 'ok', Date.UTC(2026, 0, 1) + 5005],
  );
});

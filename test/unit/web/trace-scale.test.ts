import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pauseLength, traceScale } from '../../../web/src/run/trace-scale.js';

test('the trace axis cuts out the pause between a run’s parts', () => {
  // 1 s of work, three days of waiting, 1 s of work: each part gets nearly half the axis.
  const day = 24 * 3600 * 1000;
  const at = traceScale([
    { start: 0, end: 1000 },
    { start: 3 * day + 1000, end: 3 * day + 2000 },
  ]);
  assert.equal(at(0), 0);
  assert.equal(at(3 * day + 2000), 1);
  const firstEnds = at(1000);
  const secondStarts = at(3 * day + 1000);
  assert.ok(firstEnds > 0.45 && firstEnds < 0.5, String(firstEnds));
  assert.ok(secondStarts - firstEnds < 0.05, `a thin gap: ${secondStarts - firstEnds}`);
  assert.ok(at(500) > 0.2 && at(500) < 0.26, 'inside a part, time is linear');
  // One part: plain proportions.
  assert.equal(traceScale([{ start: 10, end: 110 }])(60), 0.5);
  // A part still open ends where it started.
  assert.equal(traceScale([{ start: 10 }])(10), 0);
});

test('a pause reads as people say it', () => {
  assert.deepEqual(
    [9_400, 180_000, 2 * 3600_000 + 5 * 60_000, 3 * 3600_000, 3 * 24 * 3600_000].map(pauseLength),
    ['9 s', '3 min', '2 h 5 min', '3 h', '3 days'],
  );
});

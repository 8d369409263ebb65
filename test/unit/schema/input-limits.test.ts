import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_INPUT_LIMITS, inputLimitProblem } from '../../../src/schema/index.js';

// The one input limit (docs/reliability.md, "Input limits"): depth is counted in arrays and objects,
// the top one being the first level; size is the value's JSON in bytes.

/** An array nested `levels` deep. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

test('depth: the limit passes, one more level is refused; scalars do not count', () => {
  assert.equal(DEFAULT_INPUT_LIMITS.inputDepth, 64);
  assert.equal(inputLimitProblem(nested(64)), undefined);
  assert.match(
    inputLimitProblem(nested(65))!,
    /^nested deeper than 64 levels, the limit \(limits\.inputDepth/,
  );
  assert.equal(inputLimitProblem({ a: { b: 'text' } }, { inputBytes: 100, inputDepth: 2 }), undefined);
  assert.match(inputLimitProblem({ a: { b: {} } }, { inputBytes: 100, inputDepth: 2 })!, /deeper than 2/);
  assert.equal(inputLimitProblem('plain', { inputBytes: 100, inputDepth: 0 }), undefined);
});

test('size: the JSON text in bytes (UTF-8), up to the limit', () => {
  // {"a":"héllo"} is 13 characters and 14 bytes.
  assert.equal(inputLimitProblem({ a: 'héllo' }, { inputBytes: 14, inputDepth: 8 }), undefined);
  assert.match(
    inputLimitProblem({ a: 'héllo' }, { inputBytes: 13, inputDepth: 8 })!,
    /^14 bytes as JSON, more than the limit of 13 bytes \(limits\.inputBytes in skein\.yaml\)$/,
  );
});

test('a deep value, a cycle or a value shared many times is refused without exhausting the stack or time', () => {
  assert.match(inputLimitProblem(nested(100_000))!, /deeper than 64/);
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.match(inputLimitProblem(cycle)!, /deeper than 64/);
  // 2^60 paths through 60 shared levels: refused once more values are seen than bytes are allowed.
  let shared: unknown = [];
  for (let i = 0; i < 60; i++) shared = [shared, shared];
  assert.match(inputLimitProblem(shared)!, /^larger than the limit of 1048576 bytes/);
});

test('size: the walk only skips counting bytes when the JSON is surely within the limit', () => {
  // The exact answer for many values and limits around their JSON's size: escapes, non-ASCII, numbers.
  const values: unknown[] = [
    { text: 'a"b\\c\n\u0001', n: -1.2345678901234567e-308, ok: true, none: null },
    ['日本語', '😀', { deep: [1, 2, { x: 'y' }] }],
    { when: new Date(0), list: [undefined, 3] },
  ];
  for (const value of values) {
    const bytes = Buffer.byteLength(JSON.stringify(value));
    for (const limit of [bytes - 1, bytes, bytes + 1]) {
      const problem = inputLimitProblem(value, { inputBytes: limit, inputDepth: 8 });
      assert.equal(problem === undefined, bytes <= limit, `${JSON.stringify(value)} at ${limit}`);
    }
  }
  // A toJSON may make the text longer than the value looks: it is counted, not bounded.
  const grows = { toJSON: () => 'x'.repeat(500) };
  assert.match(inputLimitProblem({ a: grows }, { inputBytes: 400, inputDepth: 8 })!, /^508 bytes as JSON/);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractJson } from '../../../src/models/index.js';

test('plain JSON, with surrounding whitespace', () => {
  assert.deepEqual(extractJson('  {"a": [1, 2]}\n'), { ok: true, value: { a: [1, 2] } });
  assert.deepEqual(extractJson('[true]'), { ok: true, value: [true] });
});

test('a fenced block, with or without a language tag', () => {
  assert.deepEqual(extractJson('Sure.\n```json\n{"a": 1}\n```'), { ok: true, value: { a: 1 } });
  assert.deepEqual(extractJson('```\n[1]\n```'), { ok: true, value: [1] });
});

test('the first balanced object or array in prose, brackets inside strings ignored', () => {
  assert.deepEqual(extractJson('Result: {"s": "a } b \\" ]", "n": {"m": []}} — done.'), {
    ok: true,
    value: { s: 'a } b " ]', n: { m: [] } },
  });
  assert.deepEqual(extractJson('I picked [1, {"x": 2}] for you'), { ok: true, value: [1, { x: 2 }] });
});

test('a bracketed aside before the JSON is skipped', () => {
  assert.deepEqual(extractJson('[note] here it is: {"a": 1}'), { ok: true, value: { a: 1 } });
});

test('no JSON, or broken JSON, says which', () => {
  assert.deepEqual(extractJson('I cannot help with that.'), {
    ok: false,
    error: 'the answer contains no complete JSON value',
  });
  const broken = extractJson('{"a": 1,}');
  assert.equal(broken.ok, false);
  assert.match(!broken.ok ? broken.error : '', /^the JSON in the answer is not valid: /);
  assert.deepEqual(extractJson('{"a": 1'), {
    ok: false,
    error: 'the answer contains no complete JSON value',
  });
});

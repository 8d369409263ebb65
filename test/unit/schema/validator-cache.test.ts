import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema, sharedAjv } from '../../../src/schema/index.js';
import { validateValue } from '../../../src/schema/validate.js';
import { canonicalJson } from '../../../src/schema/canonical-json.js';
import { Lru } from '../../../src/schema/lru.js';

test('a schema that comes back as a new object (as from a store) finds the validator compiled before', () => {
  const text = '{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}';
  const first = compileSchema(JSON.parse(text));
  for (let i = 0; i < 1000; i++) assert.equal(compileSchema(JSON.parse(text)), first);
  const reordered = { required: ['ok'], properties: { ok: { type: 'boolean' } }, type: 'object' };
  assert.equal(compileSchema(reordered as never), first);
  assert.notEqual(compileSchema({ type: 'object', required: ['other'] }), first);
});

test('Ajv holds one copy of a schema however many equal objects are compiled (an $id would clash otherwise)', () => {
  const text =
    '{"$id":"https://example.test/answer.json","type":"object","properties":{"n":{"type":"integer","default":1}}}';
  for (let i = 0; i < 2000; i++) {
    const checked = validateValue(JSON.parse(text), {});
    assert.deepEqual(checked, { ok: true, value: { n: 1 } });
  }
});

test('the validator cache is bounded: the least recently used schemas are dropped, from Ajv too', () => {
  const withId = (i: number) => ({ $id: `https://example.test/s${i}.json`, type: 'integer', minimum: i });
  for (let i = 0; i <= 1500; i++) compileSchema(withId(i));
  const held = Array.from({ length: 1501 }, (_, i) => sharedAjv().getSchema(withId(i).$id)).filter(Boolean);
  assert.ok(held.length <= 1000, `Ajv holds ${held.length} schemas`);
  assert.equal(sharedAjv().getSchema(withId(0).$id), undefined, 'the oldest dropped');
  // Compiled again under the same $id, with no clash.
  const again = compileSchema(withId(0));
  assert.equal(again(0), true);
  assert.equal(again(-1), false);
});

test('canonical JSON sorts keys at every level and keeps "__proto__" as a key', () => {
  assert.equal(
    canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } }),
    '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
  );
  assert.equal(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":1}')), '{"__proto__":{"x":1},"a":1}');
});

test('an LRU map drops the least recently used entry and reports it', () => {
  const dropped: string[] = [];
  const lru = new Lru<string, number>(2, (k) => dropped.push(k));
  lru.set('a', 1);
  lru.set('b', 2);
  lru.get('a');
  lru.set('c', 3);
  assert.deepEqual(dropped, ['b']);
  assert.equal(lru.get('a'), 1);
  assert.equal(lru.get('b'), undefined);
  assert.equal(lru.size, 2);
});

test('formats are checked once a schema names one (ajv-formats loads then)', () => {
  assert.equal(validateValue({ type: 'object', properties: { n: { type: 'integer' } } }, { n: 1 }).ok, true);
  const email = { type: 'object', properties: { to: { type: 'string', format: 'email' } } };
  assert.equal(validateValue(email, { to: 'someone@example.com' }).ok, true);
  assert.deepEqual(validateValue(email, { to: 'not an address' }), {
    ok: false,
    errors: [{ field: 'to', message: 'must match format "email"' }],
  });
});

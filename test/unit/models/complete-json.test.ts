import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import {
  completeJson,
  ModelOutputError,
  resolveModel,
  type ResolvedModel,
} from '../../../src/models/index.js';
import type { JsonSchema } from '../../../src/ir/schema.js';
import { messageText, startFakeOpenAI, type FakeOpenAI, type FakeScript } from '../../helpers/fake-openai.js';

const PERSON: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer', minimum: 0 },
    role: { type: 'string', default: 'guest' },
  },
  required: ['name', 'age'],
};

async function compatAt(
  t: TestContext,
  script: FakeScript,
): Promise<{ fake: FakeOpenAI; model: ResolvedModel }> {
  const fake = await startFakeOpenAI(script);
  t.after(() => fake.close());
  return { fake, model: resolveModel('compat:fake-model', { baseUrl: fake.url }, {}) };
}

test('a valid first answer is parsed, validated and given its defaults', async (t) => {
  const { fake, model } = await compatAt(t, [{ text: '{"name": "Ada", "age": 36}' }]);
  const deltas: string[] = [];
  const result = await completeJson({
    model,
    system: 'You extract people.',
    prompt: 'Ada, 36.',
    schema: PERSON,
    onDelta: (d) => deltas.push(d),
  });
  assert.deepEqual(result.value, { name: 'Ada', age: 36, role: 'guest' });
  assert.equal(result.text, '{"name": "Ada", "age": 36}');
  assert.equal(result.attempts, 1);
  assert.equal(deltas.join(''), result.text);
  assert.ok(result.usage.outputTokens! > 0);
  const system = messageText(fake.requests[0].messages[0]);
  assert.match(
    system,
    /^You extract people\.\n\nAnswer with only a JSON value that matches this JSON Schema/,
  );
  assert.match(system, /"required": \[\n\s+"name",\n\s+"age"\n\s+\]/);
  assert.equal(fake.requests[0].response_format, undefined, 'compat does not rely on JSON mode');
});

test('an invalid answer is sent back with its errors, and the second answer is used', async (t) => {
  const { fake, model } = await compatAt(t, [
    { text: '{"name": "Ada", "age": "thirty-six"}' },
    { text: '{"name": "Ada", "age": 36}' },
  ]);
  const result = await completeJson({ model, prompt: 'Ada, 36.', schema: PERSON });
  assert.deepEqual(result.value, { name: 'Ada', age: 36, role: 'guest' });
  assert.equal(result.attempts, 2);
  assert.equal(fake.requests.length, 2);
  const second = fake.requests[1].messages.map((m) => [m.role, messageText(m)]);
  assert.deepEqual(second.slice(1), [
    ['user', 'Ada, 36.'],
    ['assistant', '{"name": "Ada", "age": "thirty-six"}'],
    [
      'user',
      'Your answer did not match the JSON Schema:\n- age: must be integer\nAnswer again with only the JSON.',
    ],
  ]);
});

test('an answer with no JSON at all is repaired too', async (t) => {
  const { fake, model } = await compatAt(t, [
    { text: 'Sorry, I cannot.' },
    { text: '{"name": "Bo", "age": 3}' },
  ]);
  const result = await completeJson({ model, prompt: 'Bo, 3.', schema: PERSON });
  assert.equal(result.attempts, 2);
  assert.match(
    messageText(fake.requests[1].messages.at(-1)!),
    /- \(root\): the answer contains no complete JSON value/,
  );
});

test('always invalid: ModelOutputError names the field errors after 1 + repairAttempts requests', async (t) => {
  const { fake, model } = await compatAt(t, () => ({ text: '{"age": -1, "extra": true}' }));
  const error = await completeJson({ model, prompt: 'x', schema: PERSON, repairAttempts: 3 }).then(
    () => assert.fail('expected a ModelOutputError'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ModelOutputError);
  assert.equal(fake.requests.length, 4);
  assert.equal(error.attempts, 4);
  assert.deepEqual(error.errors, [
    { field: 'name', message: 'is required' },
    { field: 'age', message: 'must be >= 0' },
  ]);
  assert.equal(error.text, '{"age": -1, "extra": true}');
  assert.equal(
    error.message,
    'compat:fake-model: the answer did not match the schema after 4 attempts: name: is required; age: must be >= 0',
  );
});

test('the default is two repair attempts', async (t) => {
  const { fake, model } = await compatAt(t, () => ({ text: 'no' }));
  await assert.rejects(completeJson({ model, prompt: 'x', schema: PERSON }), ModelOutputError);
  assert.equal(fake.requests.length, 3);
});

test('JSON inside a ```json fence is extracted', async (t) => {
  const { model } = await compatAt(t, [
    { text: 'Here you go:\n```json\n{"name": "Cy", "age": 7}\n```\nAnything else?' },
  ]);
  const result = await completeJson({ model, prompt: 'x', schema: PERSON });
  assert.deepEqual(result.value, { name: 'Cy', age: 7, role: 'guest' });
});

test('JSON inside prose is extracted', async (t) => {
  const { model } = await compatAt(t, [
    { text: 'The person is {"name": "D {x}", "age": 40, "role": "admin"} as asked.' },
  ]);
  const result = await completeJson({ model, prompt: 'x', schema: PERSON });
  assert.deepEqual(result.value, { name: 'D {x}', age: 40, role: 'admin' });
});

test('an array schema is answered and validated as an array', async (t) => {
  const { model } = await compatAt(t, [{ text: 'Tags: ["a", "b"]' }]);
  const result = await completeJson({
    model,
    prompt: 'x',
    schema: { type: 'array', items: { type: 'string' } },
  });
  assert.deepEqual(result.value, ['a', 'b']);
});

test('a provider with a JSON mode gets response_format json_object for object schemas', async (t) => {
  const fake = await startFakeOpenAI([{ text: '{"name": "Ed", "age": 1}' }, { text: '["x"]' }]);
  t.after(() => fake.close());
  const model = resolveModel(
    'openai:gpt-4o-mini',
    {},
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url },
  );
  await completeJson({ model, prompt: 'x', schema: PERSON });
  await completeJson({ model, prompt: 'x', schema: { type: 'array' } });
  assert.deepEqual(fake.requests[0].response_format, { type: 'json_object' });
  assert.equal(fake.requests[1].response_format, undefined, 'json_object cannot produce an array');
});

test('repair messages continue a conversation given as messages', async (t) => {
  const { fake, model } = await compatAt(t, [{ text: '{}' }, { text: '{"name": "F", "age": 2}' }]);
  await completeJson({ model, messages: [{ role: 'user', content: 'F is 2' }], schema: PERSON });
  assert.deepEqual(
    fake.requests[1].messages.slice(1).map((m) => m.role),
    ['user', 'assistant', 'user'],
  );
});

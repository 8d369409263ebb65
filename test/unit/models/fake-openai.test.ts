// The fake chat-completions server speaks the protocol well enough for the AI SDK's own parsers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';

const weather = tool({
  description: 'Weather in a city',
  inputSchema: jsonSchema<{ city: string; days: number }>({
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'number' } },
  }),
});

function modelAt(url: string) {
  return createOpenAICompatible({ name: 'fake', baseURL: url, includeUsage: true })('fake-model');
}

test('streamed tool calls arrive as whole calls with their arguments', async (t) => {
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'weather', arguments: { city: 'Lisbon, Portugal', days: 3 } },
        { name: 'weather', arguments: { city: 'Oslo', days: 1 } },
      ],
    },
  ]);
  t.after(() => fake.close());
  const result = streamText({ model: modelAt(fake.url), prompt: 'weather?', tools: { weather } });
  const calls = (await result.toolCalls).map((c) => [c.toolName, c.input]);
  assert.deepEqual(calls, [
    ['weather', { city: 'Lisbon, Portugal', days: 3 }],
    ['weather', { city: 'Oslo', days: 1 }],
  ]);
  assert.equal(await result.finishReason, 'tool-calls');
  assert.equal(fake.requests[0].tools?.length, 1);
});

test('non-streaming answers carry text, tool calls and usage', async (t) => {
  const fake = await startFakeOpenAI([
    { text: 'hello there' },
    { text: 'checking', toolCalls: [{ name: 'weather', arguments: { city: 'Rome' } }] },
  ]);
  t.after(() => fake.close());
  const first = await generateText({ model: modelAt(fake.url), prompt: 'hi' });
  assert.equal(first.text, 'hello there');
  assert.equal(first.usage.outputTokens, 3);
  const second = await generateText({ model: modelAt(fake.url), prompt: 'weather?', tools: { weather } });
  assert.equal(second.text, 'checking');
  assert.deepEqual(second.toolCalls[0].input, { city: 'Rome' });
  assert.equal(fake.requests[1].stream, undefined);
});

test('a script function sees each request and its index; delayMs waits', async (t) => {
  const seen: number[] = [];
  const fake = await startFakeOpenAI((request, index) => {
    seen.push(index);
    return { delayMs: 50, text: `#${index} for ${request.model}` };
  });
  t.after(() => fake.close());
  const started = Date.now();
  assert.equal((await generateText({ model: modelAt(fake.url), prompt: 'a' })).text, '#0 for fake-model');
  assert.equal((await generateText({ model: modelAt(fake.url), prompt: 'b' })).text, '#1 for fake-model');
  assert.deepEqual(seen, [0, 1]);
  assert.ok(Date.now() - started >= 100);
});

test('GET /v1/models lists a model; unknown routes are 404', async (t) => {
  const fake = await startFakeOpenAI([]);
  t.after(() => fake.close());
  const models = (await (await fetch(`${fake.url}/models`)).json()) as { data: { id: string }[] };
  assert.deepEqual(
    models.data.map((m) => m.id),
    ['fake-model'],
  );
  assert.equal((await fetch(`${fake.url}/embeddings`, { method: 'POST', body: '{}' })).status, 404);
  assert.deepEqual(fake.requests, []);
});

test('close() ends a hanging reply', async () => {
  const fake = await startFakeOpenAI([{ hang: true }]);
  const pending = fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    body: JSON.stringify({ model: 'm', messages: [] }),
  });
  while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await fake.close();
  await assert.rejects(pending);
});

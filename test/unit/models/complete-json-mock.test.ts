// completeJson's repair loop against the AI SDK's mock model: no HTTP, no server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { completeJson, ModelOutputError } from '../../../src/models/index.js';

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 4, text: 4, reasoning: undefined },
};

/**
 * A mock model that gives the given answers, one per call: streamed in two deltas each when the caller
 * takes deltas, else whole.
 */
function mockAnswering(answers: string[]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: answers[call++] ?? '' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE,
      warnings: [],
    }),
    doStream: async () => {
      const text = answers[call++] ?? '';
      const half = Math.ceil(text.length / 2);
      const chunks: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: text.slice(0, half) },
        { type: 'text-delta', id: 't', delta: text.slice(half) },
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: USAGE,
        },
      ];
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
}

const SCHEMA = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, n: { type: 'number', default: 1 } },
  required: ['ok'],
};

test('the repair loop works on any language model, without a server', async () => {
  const model = mockAnswering(['{"ok": "yes"}', '{"ok": true}']);
  const deltas: string[] = [];
  const result = await completeJson({
    model: { model, id: 'mock:json' },
    prompt: 'ok?',
    schema: SCHEMA,
    onDelta: (d) => deltas.push(d),
  });
  assert.deepEqual(result.value, { ok: true, n: 1 });
  assert.equal(result.attempts, 2);
  assert.deepEqual(result.usage, { inputTokens: 20, outputTokens: 8 });
  assert.deepEqual(deltas, ['{"ok": ', '"yes"}', '{"ok":', ' true}']);
  const repair = model.doStreamCalls[1].prompt.at(-1);
  assert.deepEqual(repair, {
    role: 'user',
    content: [
      {
        type: 'text',
        text: 'Your answer did not match the JSON Schema:\n- ok: must be boolean\nAnswer again with only the JSON.',
      },
    ],
    providerOptions: undefined,
  });
  assert.equal(model.doStreamCalls[0].responseFormat, undefined, 'no JSON mode unless the provider has one');
});

test('JSON mode is asked of a model whose provider has it', async () => {
  const model = mockAnswering(['{"ok": false}']);
  await completeJson({ model: { model, id: 'mock:json', jsonMode: true }, prompt: 'ok?', schema: SCHEMA });
  // Without onDelta the answer is asked for whole.
  assert.equal(model.doStreamCalls.length, 0);
  assert.deepEqual(model.doGenerateCalls[0].responseFormat, { type: 'json' });
});

test('repairAttempts: 0 gives up after the first bad answer', async () => {
  const model = mockAnswering(['nope']);
  await assert.rejects(
    completeJson({ model: { model, id: 'mock:json' }, prompt: 'ok?', schema: SCHEMA, repairAttempts: 0 }),
    (error) => {
      assert.ok(error instanceof ModelOutputError);
      assert.equal(
        error.message,
        'mock:json: the answer did not match the schema after 1 attempt: (root): the answer contains no complete JSON value',
      );
      return true;
    },
  );
  assert.equal(model.doGenerateCalls.length, 1);
});

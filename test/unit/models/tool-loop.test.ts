import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveModel, runToolLoop } from '../../../src/models/index.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

test('the model calls an offered tool, a refused one, then answers; every turn goes back to it', async (t) => {
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'add', arguments: { a: 2, b: 3 } },
        { name: 'delete_everything', arguments: {} },
      ],
    },
    { text: 'The sum is 5.' },
  ]);
  t.after(() => fake.close());
  const model = resolveModel('compat:m', { baseUrl: fake.url }, {});
  const events: string[] = [];
  const deltas: string[] = [];
  const result = await runToolLoop({
    model,
    system: 'You add numbers.',
    messages: [{ role: 'user', content: 'What is 2 + 3?' }],
    tools: [
      {
        name: 'add',
        description: 'adds',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
        execute: async (input) => ({ sum: (input as { a: number }).a + (input as { b: number }).b }),
      },
    ],
    onDelta: (d) => deltas.push(d),
    onToolCall: (c) => events.push(`call ${c.name} ${JSON.stringify(c.input)}`),
    onToolResult: (r) => events.push(`result ${r.name} ${JSON.stringify(r.output)}`),
    onRefused: (r) => events.push(`refused ${r.name}: ${r.reason}`),
  });
  assert.equal(result.text, 'The sum is 5.');
  assert.equal(deltas.join(''), 'The sum is 5.');
  assert.equal(result.steps, 2);
  assert.deepEqual(events, [
    'call add {"a":2,"b":3}',
    'refused delete_everything: tool "delete_everything" is not offered (offered: add)',
    'result add {"sum":5}',
  ]);
  const second = fake.requests[1];
  assert.deepEqual(
    second.tools?.map((x) => (x as { function: { name: string } }).function.name),
    ['add'],
  );
  const toolMessages = second.messages.filter((m) => m.role === 'tool').map((m) => messageText(m));
  assert.equal(toolMessages.length, 2);
  assert.ok(
    toolMessages.some((m) => m.includes('"sum":5')),
    JSON.stringify(toolMessages),
  );
  assert.ok(
    toolMessages.some((m) => /delete_everything/.test(m)),
    'the model is told its call was refused',
  );
  assert.ok(result.messages.length >= 3, 'assistant, tool and final assistant turns are returned');
});

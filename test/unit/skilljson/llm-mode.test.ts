import { test } from 'node:test';
import assert from 'node:assert/strict';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';
import { run, testHost } from '../../helpers/skilljson.js';

test('llm mode: prompt.md is the system prompt, the input the user message, the JSON answer the output', async (t) => {
  const fake = await startFakeOpenAI([{ text: '{"label": "bug", "confidence": 0.9}' }]);
  const host = await testHost(fake.url);
  t.after(async () => (await host.close(), await fake.close()));
  const r = await run(host, 'classify', { message: 'It crashes on save', hint: 'crash reports are bugs' });
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.deepEqual(r.output, { label: 'bug', confidence: 0.9 });
  const [system, user] = fake.requests[0].messages;
  assert.equal(system.role, 'system');
  assert.match(
    messageText(system),
    /^Classify the user's message as "bug" or "question"\.\nHint: crash reports are bugs\n/,
  );
  assert.match(
    messageText(system),
    /"enum": \[\s*"bug",\s*"question"\s*\]/,
    'the output schema is asked for',
  );
  assert.deepEqual(JSON.parse(messageText(user)), {
    message: 'It crashes on save',
    hint: 'crash reports are bugs',
  });
});

test('llm mode: an answer that does not match output goes back with the errors, up to retry', async (t) => {
  const fake = await startFakeOpenAI([
    { text: '{"label": "feature"}' },
    { text: '{"label": "question", "confidence": 0.6}' },
  ]);
  const host = await testHost(fake.url);
  t.after(async () => (await host.close(), await fake.close()));
  const r = await run(host, 'classify', { message: 'How do I save?' });
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.deepEqual(r.output, { label: 'question', confidence: 0.6 });
  assert.equal(fake.requests.length, 2);
  assert.match(messageText(fake.requests[0].messages[0]), /No hint\./);
  const repair = messageText(fake.requests[1].messages.at(-1)!);
  assert.match(repair, /- label: must be one of: "bug", "question"/);
  assert.match(repair, /- confidence: is required/);
});

test('llm mode: answers that never match fail the run with the last errors', async (t) => {
  const fake = await startFakeOpenAI([
    { text: 'I think it is a bug.' },
    { text: '{"label": "bug", "confidence": "high"}' },
  ]);
  const host = await testHost(fake.url);
  t.after(async () => (await host.close(), await fake.close()));
  const r = await run(host, 'classify', { message: 'It crashes' });
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.step, 'classify');
  assert.match(
    r.error!.message,
    /the answer did not match the schema after 2 attempts: confidence: must be number/,
  );
  assert.equal(fake.requests.length, 2, 'retry 1: one answer sent back, no more');
});

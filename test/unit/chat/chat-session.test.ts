import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChatSession, type ChatCall } from '../../../src/chat/index.js';
import type { Skill } from '../../../src/ir/skill.js';
import { resolveModel } from '../../../src/models/index.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';
import type { SkillSession } from '../../../src/code/modules/index.js';
import { testHost } from '../../helpers/skilljson.js';
import { join } from 'node:path';
import { loadPaths } from '../../../src/skills/index.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

/** A document skill as the skill-doc front end produces one: a summary, and parts loaded on demand. */
const refunds: Skill = {
  id: 'refund_policy',
  version: '1.0.0',
  dialect: 'skilldoc',
  description: 'How refunds work',
  tags: [],
  source: 'memory',
  input: { type: 'object' },
  output: {},
  inputAt: [],
  doc: {
    summary: 'Refunds within 30 days.\n\n[Available Chunks]\n- eu: rules for the EU',
    body: '',
    parts: [
      {
        id: 'eu',
        description: 'rules for the EU',
        kind: 'chunk',
        load: async () => 'In the EU, 14 days of withdrawal apply.',
      },
    ],
  },
};

test('document skills: the summary is in the system prompt; load_doc_chunk (and load_skill_chunk) load a part or say what exists', async (t) => {
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'load_doc_chunk', arguments: { skill_name: 'refund_policy', chunk_id: 'eu' } },
        { name: 'load_skill_chunk', arguments: { skill_name: 'refund_policy', chunk_id: 'us' } },
        { name: 'load_doc_chunk', arguments: { skill_name: 'shipping', chunk_id: 'eu' } },
      ],
    },
    { text: '14 days in the EU.' },
  ]);
  const host = await testHost();
  t.after(async () => (await host.close(), await fake.close()));
  const echo = await host.skills.find('echo');
  const calls: ChatCall[] = [];
  const chat = new ChatSession({
    model: resolveModel('compat:m', { baseUrl: fake.url }, {}),
    runtime: host.runtime,
    skills: [refunds, echo],
    onCall: (c) => calls.push(c),
  });
  assert.deepEqual(
    chat.tools.map((x) => x.name),
    ['echo', 'load_doc_chunk', 'load_skill_chunk'],
  );
  const turn = await chat.send('How long do EU customers have?');
  assert.equal(turn.answer, '14 days in the EU.');
  const system = messageText(fake.requests[0].messages[0]);
  assert.match(
    system,
    /## Skill: refund_policy\nDescription: How refunds work\n\nRefunds within 30 days\.\n\n\[Available Chunks\]\n- eu: rules for the EU/,
  );
  const results = fake.requests[1].messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(messageText(m)));
  assert.deepEqual(results[0], {
    status: 'success',
    content: 'In the EU, 14 days of withdrawal apply.',
    message: 'loaded rules for the EU of refund_policy',
  });
  assert.deepEqual(results[1], {
    status: 'error',
    error: 'skill "refund_policy" has no chunk "us"; its chunks: eu',
  });
  assert.deepEqual(results[2], {
    status: 'error',
    error: 'no document skill "shipping"; known: refund_policy',
  });
  assert.deepEqual(
    turn.calls.map((c) => `${c.tool} ${c.status}`),
    ['load_doc_chunk completed', 'load_skill_chunk failed', 'load_doc_chunk failed'],
  );
  assert.equal(calls.length, 3, 'each finished call is reported as it finishes');
});

test('a skill that fails or is refused comes back to the model as data; code skills see the session', async (t) => {
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'boom', arguments: {} },
        { name: 'classify', arguments: { hint: 'no message' } },
      ],
    },
    { text: 'Both went wrong.' },
    { toolCalls: [{ name: 'echo', arguments: { value: 'hi' } }] },
    { text: 'done' },
  ]);
  const session: SkillSession = { id: 'chat-1', messages: [] };
  const host = await testHost(fake.url, session);
  t.after(async () => (await host.close(), await fake.close()));
  const skills = await Promise.all(['boom', 'classify', 'echo'].map((id) => host.skills.find(id)));
  const chat = new ChatSession({
    model: resolveModel('compat:m', { baseUrl: fake.url }, {}),
    runtime: host.runtime,
    skills,
    session,
  });
  const first = await chat.send('try them');
  assert.deepEqual(
    first.calls.map((c) => `${c.tool} ${c.status}`),
    ['boom failed', 'classify refused'],
  );
  assert.match(first.calls[0].error!, /^node_failed: step "boom" .* failed: the fuse was lit/);
  assert.match(
    first.calls[1].error!,
    /^input_invalid: input for classify@1\.0\.0 is invalid: message: is required/,
  );
  const results = fake.requests[1].messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(messageText(m)));
  assert.deepEqual(
    results.map((r) => r.status),
    ['failed', 'refused'],
  );
  assert.deepEqual(session.messages, [
    { role: 'user', content: 'try them' },
    { role: 'assistant', content: 'Both went wrong.' },
  ]);
  const second = await chat.send('echo');
  assert.equal(
    (second.calls[0].output as { sessionMessages: number }).sessionMessages,
    2,
    'ctx.session holds the turns so far',
  );
});

test('the planner has a say: internal skills are not offered, and a call that misses a skill’s requires is refused with the reason', async (t) => {
  const fake = await startFakeOpenAI([
    { toolCalls: [{ name: 'intake', arguments: { message: 'I lent money' } }] },
    { text: 'I need the matter id first.' },
  ]);
  const host = await testHost();
  t.after(async () => (await host.close(), await fake.close()));
  const { units } = await loadPaths([join(ROOT, 'test/fixtures/engine/planner/.skills')]);
  const skills = units.flatMap((u) => u.skills);
  assert.ok(skills.some((s) => s.id === 'sync' && s.planning?.internal));
  const chat = new ChatSession({
    model: resolveModel('compat:m', { baseUrl: fake.url }, {}),
    runtime: host.runtime,
    skills,
  });
  const names = chat.tools.map((x) => x.name);
  assert.ok(names.includes('intake') && names.includes('evidence'), names.join(', '));
  assert.ok(!names.includes('sync'), 'an internal skill runs only when named');
  const turn = await chat.send('I lent my friend money');
  assert.deepEqual(
    turn.calls.map((c) => `${c.tool} ${c.status}: ${c.error}`),
    ['intake refused: planner: intake cannot run: requires.all: state.matter_id != null is false'],
  );
  const result = fake.requests[1].messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(messageText(m)));
  assert.match(JSON.stringify(result), /requires\.all: state\.matter_id != null is false/);
});

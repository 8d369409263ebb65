import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { AgentNode } from '../../../src/ir/nodes.js';
import type { Skill } from '../../../src/ir/skill.js';
import { defineTool } from '../../../src/tools/index.js';
import { messageText, type ChatRequest, type FakeReply } from '../../helpers/fake-openai.js';
import { FIXTURES, harness, loadSkills } from '../../helpers/engine-harness.js';

const lookups: unknown[] = [];
const orderLookup = defineTool({
  name: 'order_lookup',
  description: 'Finds an order by id.',
  inputSchema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  execute: (input) => (
    lookups.push(input),
    { order_id: input.order_id, delivered: '2024-05-02', status: 'delivered' }
  ),
});

async function support(): Promise<Skill> {
  const [skill] = await loadSkills(join(FIXTURES, 'support/.skills'));
  return skill;
}

function answer(
  fields: Partial<{ response: string; profile: object; data: object; control: object }> = {},
): FakeReply {
  return {
    text: JSON.stringify({
      response: 'Refund granted.',
      profile: {},
      data: { resolution: 'refund' },
      control: { action: 'finish' },
      ...fields,
    }),
  };
}

const systemOf = (r: ChatRequest) =>
  r.messages
    .filter((m) => m.role === 'system')
    .map(messageText)
    .join('');
const lastUser = (r: ChatRequest) => messageText(r.messages.filter((m) => m.role === 'user').at(-1)!);

test('a valid answer completes with the response and the merged state; only the allowed tools are offered', async (t) => {
  const h = await harness(
    [
      { toolCalls: [{ name: 'order_lookup', arguments: { order_id: 'A17' } }] },
      answer({ profile: { customer_name: 'Ana', order_id: 'A17' } }),
    ],
    { tools: [orderLookup, defineTool({ name: 'delete_order', description: 'x', execute: () => ({}) })] },
  );
  t.after(() => h.close());
  const result = await h.runtime.start(
    await support(),
    { message: 'Refund my order A17', profile: { tier: 'gold' }, channel: 'mail' },
    { onEvent: (e) => h.events.push(e) },
  );
  assert.equal(result.status, 'completed', JSON.stringify(result.error));
  assert.deepEqual(result.output, {
    response: 'Refund granted. — Support',
    state: {
      profile: { tier: 'gold', customer_name: 'Ana', order_id: 'A17' },
      channel: 'mail',
      resolution: 'refund',
    },
  });
  const offered = h.fake.requests[0].tools?.map((x) => (x as { function: { name: string } }).function.name);
  assert.deepEqual(offered, ['order_lookup']);
  assert.equal(h.fake.requests[0].temperature, 0.1);
  const system = systemOf(h.fake.requests[0]);
  assert.match(system, /^# Order support/);
  assert.doesNotMatch(system, /^---/, 'the frontmatter is not part of the prompt');
  assert.match(
    system,
    /## Current state\n\n```json\n\{\n {2}"profile": \{\n {4}"tier": "gold"\n {2}\},\n {2}"channel": "mail"\n\}/,
  );
  assert.match(system, /not shown in full: policy\.md \(cut\), zz-extra\.md/);
  assert.match(system, /"resolution":\{"enum":\["refund","replace","none"\]\}/);
  assert.equal(lastUser(h.fake.requests[0]), 'Refund my order A17');
  assert.deepEqual(
    h.events.filter((e) => e.type.startsWith('tool')).map((e) => e.type),
    ['tool_started', 'tool_finished'],
  );
});

test('answers that break the contract go back with their errors; past the retry budget the run fails naming every problem', async (t) => {
  const h = await harness(
    [
      { text: 'Sure! Here it is: {"response": "ok"}' },
      answer({
        profile: { order_id: '17' },
        data: { resolution: 'cash', note: 'x' },
        control: { action: 'done' },
      }),
      answer(),
    ],
    { tools: [orderLookup] },
  );
  t.after(() => h.close());
  const result = await h.runtime.start(await support(), { message: 'refund', profile: { order_id: 'A1' } });
  assert.equal(result.status, 'failed', 'max_retries is 1: the third answer is never asked for');
  assert.equal(result.error?.code, 'contract_invalid');
  assert.equal(h.fake.requests.length, 2);
  assert.match(lastUser(h.fake.requests[1]), /the answer is not one JSON object/);
  assert.match(result.error!.message, /rejected 2 times \(1 retry allowed\)/);
  assert.match(result.error!.message, /profile\.order_id: must match pattern/);
  assert.match(result.error!.message, /data\.resolution: must be one of: "refund", "replace", "none"/);
  assert.match(result.error!.message, /data\.note: is not an allowed field/);
  assert.match(
    result.error!.message,
    /control\.action: must be one of: "continue", "retry", "ask_user", "finish"/,
  );
  const rejected = (await h.store.events(result.runId)).filter((e) => e.type === 'answer_rejected');
  assert.deepEqual(
    rejected.map((e) => [e.code, e.attempt, e.willRetry]),
    [
      ['contract_invalid', 1, true],
      ['contract_invalid', 2, false],
    ],
    'each rejected answer is a stored event, whether or not it goes back',
  );
  assert.equal(rejected[0].answer, 'Sure! Here it is: {"response": "ok"}');
  assert.match(rejected[0].problems.join('\n'), /not one JSON object/);
});

test('an invalid answer then a valid one completes, and the model saw exactly what was wrong', async (t) => {
  const h = await harness([answer({ profile: { age: 3 } }), answer()], { tools: [orderLookup] });
  t.after(() => h.close());
  const result = await h.runtime.start(await support(), { message: 'refund', profile: { order_id: 'A1' } });
  assert.equal(result.status, 'completed', JSON.stringify(result.error));
  assert.equal(
    lastUser(h.fake.requests[1]),
    'Your answer cannot be used:\n- profile.age: is not an allowed field\nAnswer again with the whole JSON object (response, profile, data, control).',
  );
  const assistant = h.fake.requests[1].messages.filter((m) => m.role === 'assistant').map(messageText);
  assert.deepEqual(assistant, [
    JSON.stringify(JSON.parse((answer({ profile: { age: 3 } }) as { text: string }).text)),
  ]);
});

test('a call of a tool that is not allowed is refused, reported, and told to the model', async (t) => {
  const deleted: unknown[] = [];
  const h = await harness(
    [{ toolCalls: [{ name: 'delete_order', arguments: { order_id: 'A1' } }] }, answer()],
    {
      tools: [
        orderLookup,
        defineTool({ name: 'delete_order', description: 'x', execute: (i) => (deleted.push(i), {}) }),
      ],
    },
  );
  t.after(() => h.close());
  const result = await h.runtime.start(
    await support(),
    { message: 'delete it', profile: { order_id: 'A1' } },
    { onEvent: (e) => h.events.push(e) },
  );
  assert.equal(result.status, 'completed', JSON.stringify(result.error));
  assert.deepEqual(deleted, []);
  const refused = h.events.filter((e) => e.type === 'tool_refused');
  assert.equal(refused.length, 1);
  assert.deepEqual(
    {
      tool: refused[0].type === 'tool_refused' && refused[0].tool,
      input: refused[0].type === 'tool_refused' && refused[0].input,
    },
    { tool: 'delete_order', input: { order_id: 'A1' } },
  );
  assert.equal(h.events.filter((e) => e.type === 'tool_started').length, 0);
  const told = h.fake.requests[1].messages
    .filter((m) => m.role === 'tool')
    .map(messageText)
    .join('');
  assert.match(told, /unavailable tool 'delete_order'/);
});

test('the validate script sends an answer back, then asks the user; the answer resumes the skill on the new state', async (t) => {
  const h = await harness(
    [
      answer({ response: 'Sorry, a replacement.', data: { resolution: 'replace' } }),
      answer(),
      answer({ profile: { customer_name: 'Ana' } }),
    ],
    {
      tools: [orderLookup],
    },
  );
  t.after(() => h.close());
  const skill = await support();
  const first = await h.runtime.start(skill, {
    message: 'I want my money back',
    profile: { customer_name: 'A.' },
  });
  assert.equal(first.status, 'awaiting', JSON.stringify(first.error));
  assert.match(lastUser(h.fake.requests[1]), /- the response apologises\nState the resolution plainly\./);
  assert.deepEqual(first.await, {
    step: 'order-support',
    message: 'Which order is it? — Support',
    inputSchema: {
      type: 'object',
      properties: { 'profile.order_id': { type: 'string', description: 'Which order should be refunded?' } },
      required: ['profile.order_id'],
      additionalProperties: false,
    },
    card: {
      skill: 'order-support',
      review_type: 'clarify',
      questions: [
        { question: 'Which order should be refunded?', field_key: 'profile.order_id', input_type: 'text' },
      ],
      pending: { profile: {}, data: { resolution: 'refund' } },
    },
  });
  await assert.rejects(
    h.runtime.resume(first.runId, { 'profile.order_id': 17 }),
    /profile\.order_id: must be string/,
  );
  const second = await h.runtime.resume(first.runId, { 'profile.order_id': 'A9' });
  assert.equal(second.status, 'completed', JSON.stringify(second.error));
  assert.deepEqual(second.output, {
    response: 'Refund granted. — Support',
    state: { profile: { customer_name: 'Ana', order_id: 'A9' }, resolution: 'refund' },
  });
  const resumed = h.fake.requests[2];
  assert.match(systemOf(resumed), /"order_id": "A9"/);
  assert.match(lastUser(resumed), /The user answered your questions[\s\S]*"profile\.order_id": "A9"/);
});

test('preprocess can answer without the model, or change the user turn', async (t) => {
  const h = await harness([answer({ profile: { order_id: 'A2' } })], { tools: [orderLookup] });
  t.after(() => h.close());
  const skill = await support();
  const blocked = await h.runtime.start(skill, { message: 'refund', profile: { blocked: true } });
  assert.deepEqual(blocked.output, {
    response: 'This account is blocked. — Support',
    state: { profile: { blocked: true }, resolution: 'none' },
  });
  assert.equal(h.fake.requests.length, 0);
  const greeted = await h.runtime.start(skill, { message: '  ' });
  assert.equal(greeted.status, 'completed', JSON.stringify(greeted.error));
  assert.equal(lastUser(h.fake.requests[0]), 'Hello');
});

test('a retry asked for by the model itself counts against the budget', async (t) => {
  const h = await harness(
    [
      answer({ control: { action: 'retry', retry_prompt: 'Look the order up first.' } }),
      answer({ control: { action: 'retry' } }),
    ],
    {
      tools: [orderLookup],
    },
  );
  t.after(() => h.close());
  const result = await h.runtime.start(await support(), { message: 'refund', profile: { order_id: 'A1' } });
  assert.equal(result.error?.code, 'retry_exhausted');
  assert.match(lastUser(h.fake.requests[1]), /asked for a retry[\s\S]*Look the order up first\./);
});

test('a skill whose tool is not registered fails before asking the model', async (t) => {
  const h = await harness([answer()], { tools: [] });
  t.after(() => h.close());
  const result = await h.runtime.start(await support(), { message: 'refund' });
  assert.equal(result.error?.code, 'tool_not_found');
  assert.match(
    result.error!.message,
    /step "order-support" may call "order_lookup", which cannot be used: no tool named "order_lookup"/,
  );
  assert.equal(h.fake.requests.length, 0);
});

test('a tool whose name a provider would reject is offered under a safe name; events keep the real one', async (t) => {
  const searches: unknown[] = [];
  const h = await harness([{ toolCalls: [{ name: 'kb_search', arguments: { q: 'refund' } }] }, answer()], {
    tools: [
      defineTool({
        name: 'kb.search',
        description: 'Searches the knowledge base.',
        execute: (i) => (searches.push(i), { hits: [] }),
      }),
    ],
  });
  t.after(() => h.close());
  const skill = await support();
  const [agent, end] = skill.graph!.nodes;
  const dotted: Skill = {
    ...skill,
    graph: { ...skill.graph!, nodes: [{ ...(agent as AgentNode), tools: ['kb.search'] }, end] },
  };
  const result = await h.runtime.start(
    dotted,
    { message: 'refund', profile: { order_id: 'A1' } },
    { onEvent: (e) => h.events.push(e) },
  );
  assert.equal(result.status, 'completed', JSON.stringify(result.error));
  assert.deepEqual(
    h.fake.requests[0].tools?.map((x) => (x as { function: { name: string } }).function.name),
    ['kb_search'],
  );
  assert.deepEqual(searches, [{ q: 'refund' }]);
  assert.deepEqual(
    h.events.flatMap((e) =>
      e.type === 'tool_started' || e.type === 'tool_finished' ? [`${e.type} ${e.tool}`] : [],
    ),
    ['tool_started kb.search', 'tool_finished kb.search'],
  );
});

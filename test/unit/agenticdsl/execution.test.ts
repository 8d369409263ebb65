import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLlmService } from '../../../src/host/llm-service.js';
import { type RunEvent, Runtime, type RuntimeServices } from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';
import { block, fakeCodelet, fakePython, load, testTools } from '../../helpers/agenticdsl.js';
import { testConfig } from '../../helpers/tools.js';

function setup(extra: Partial<RuntimeServices> = {}) {
  const tools = testTools();
  const store = new MemoryRunStore();
  return { runtime: new Runtime({ store, tools, ...extra }), store, tools };
}

const started = (events: RunEvent[]) =>
  events.filter((e) => e.type === 'node_started').map((e) => (e as { node: string }).node);

test('fan-out: branches run at the same time on their own context; the join waits for all and sees every write', async () => {
  const { runtime, tools } = setup();
  const skill = load(
    block(
      '/main',
      `
graph_type: subgraph
entry: start
nodes:
  - {id: start, type: start, next: [slow, fast, peek]}
  - id: slow
    type: tool_call
    tool: sleep
    arguments: {ms: 60, tag: slow}
    output_keys: [slow]
    next: [join]
  - id: fast
    type: tool_call
    tool: sleep
    arguments: {ms: 10, tag: fast}
    output_keys: [fast]
    next: [join]
  - id: peek
    type: assign
    assign:
      seen_by_peek: "{{ default(slow, 'nothing') }}"
    next: [join]
  - id: join
    type: assign
    assign:
      both: "{{ slow.tag }}+{{ fast.tag }}"
    next: [end]
  - {id: end, type: end, output_keys: [both, seen_by_peek]}
`,
    ),
  );
  const r = await runtime.start(skill, {});
  assert.deepEqual(r.output, { both: 'slow+fast', seen_by_peek: 'nothing' });
  assert.equal(tools.maxConcurrent, 2, 'slow and fast overlapped');
  assert.deepEqual(tools.log, ['start slow', 'start fast', 'end fast', 'end slow']);
});

test('dynamic_next runs only the chosen successor; the others and what only they lead to are skipped, the join still runs once', async () => {
  const python = fakePython({ pick: (c) => ({ next: [c.choice] }) });
  const { runtime, store } = setup({ code: { python } });
  const skill = load(
    block(
      '/main',
      `
graph_type: subgraph
entry: start
nodes:
  - {id: start, type: start, next: [route]}
  - {id: route, type: dynamic_next, resolver: /codelets/pick}
  - {id: left, type: assign, assign: {side: L}, next: [join]}
  - {id: right, type: assign, assign: {side: R}, next: [after_right]}
  - {id: after_right, type: assign, assign: {more: yes}, next: [join]}
  - {id: join, type: assign, assign: {done: "{{ side }}"}, next: [end]}
  - {id: end, type: end}
`,
    ) + fakeCodelet('/codelets/pick', 'pick'),
  );
  const left = await runtime.start(skill, { choice: 'left' });
  assert.deepEqual(left.output, { choice: 'left', side: 'L', done: 'L' });
  assert.deepEqual(started(await store.events(left.runId)), [
    '/main/start',
    '/main/route',
    '/main/left',
    '/main/join',
    '/main/end',
  ]);
  const right = await runtime.start(skill, { choice: '/main/right' });
  assert.deepEqual(right.output, { choice: '/main/right', side: 'R', more: 'yes', done: 'R' });
  assert.deepEqual(started(await store.events(right.runId)), [
    '/main/start',
    '/main/route',
    '/main/right',
    '/main/after_right',
    '/main/join',
    '/main/end',
  ]);
});

const ROUTED = (fallback: string) =>
  block(
    '/main',
    `
graph_type: subgraph
entry: start
nodes:
  - {id: start, type: start, next: [route]}
  - {id: route, type: dynamic_next, resolver: /codelets/pick${fallback}}
  - {id: known, type: assign, assign: {path: known}, next: [end]}
  - {id: other, type: assign, assign: {path: fallback}, next: [end]}
  - {id: end, type: end, output_keys: [path]}
`,
  ) + fakeCodelet('/codelets/pick', 'pick');

test('an answer naming no known node takes fallback_next', async () => {
  const { runtime } = setup({ code: { python: fakePython({ pick: () => ({ next: ['nowhere'] }) }) } });
  const r = await runtime.start(load(ROUTED(', fallback_next: [other]')), {});
  assert.deepEqual(r.output, { path: 'fallback' });
});

test('without fallback_next, an unknown answer fails the run and quotes the resolver', async () => {
  const { runtime } = setup({ code: { python: fakePython({ pick: () => ({ next: ['nowhere'] }) }) } });
  const r = await runtime.start(load(ROUTED('')), {});
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.code, 'route_unknown_target');
  assert.equal(r.error?.step, '/main/route');
  assert.match(
    r.error!.message,
    /the resolver answered \{"next":\["nowhere"\]\}, which names no known successor \(known: .*known.*\)/,
  );
});

test('assign writes nested keys, keeps the type of a lone {{ expression }}, and every value sees the same context', async () => {
  const { runtime } = setup();
  const skill = load(
    block('/main/start', 'type: start\nnext: [set]') +
      block(
        '/main/set',
        `
type: assign
assign:
  user.name: "{{ upper(name) }}"
  user.tags: "{{ tags }}"
  user.count: "{{ length(tags) + 1 }}"
  greeting: "Hi {{ name }}, {{ length(tags) }} tags"
  copied: "{{ default(greeting, 'not yet') }}"
  fixed: [1, "{{ name }}", {deep: "{{ tags.0 }}"}]
next: [end]
`,
      ) +
      block('/main/end', 'type: end'),
  );
  const r = await runtime.start(skill, { name: 'ada', tags: ['x', 'y'] });
  assert.deepEqual(r.output, {
    name: 'ada',
    tags: ['x', 'y'],
    user: { name: 'ADA', tags: ['x', 'y'], count: 3 },
    greeting: 'Hi ada, 2 tags',
    copied: 'not yet',
    fixed: [1, 'ada', { deep: 'x' }],
  });
});

test('a missing variable fails the node, naming the variable and where it is written', async () => {
  const { runtime } = setup();
  const skill = load(
    block('/main/start', 'type: start\nnext: [greet]') +
      block('/main/greet', 'type: assign\nassign:\n  text: "Hello {{ user_name }}"\nnext: [end]') +
      block('/main/end', 'type: end'),
  );
  const r = await runtime.start(skill, { username: 'x' });
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.step, '/main/greet');
  assert.equal(
    r.error?.message,
    `step "/main/greet" failed: variable 'user_name' is not in the context (no earlier node wrote it and the run's input has no such key) in {{ user_name }} (graph.md:16:16)`,
  );
});

test('tool_call renders arguments, stores the result under its output key, and retries', async () => {
  const { runtime, tools } = setup();
  tools.failures = 2;
  const graph = (retry: number) =>
    block('/main/start', 'type: start\nnext: [call]') +
    block(
      '/main/call',
      `type: tool_call\ntool: flaky\narguments: {q: "{{ q }}!"}\nretry: {max_attempts: ${retry}, delay_ms: 1}\noutput_keys: answer\nnext: [echo]`,
    ) +
    block(
      '/main/echo',
      'type: tool_call\ntool: echo\narguments: {n: "{{ n }}", text: "n={{ n }}"}\nnext: [end]',
    ) +
    block('/main/end', 'type: end\noutput_keys: [answer, tool_output]');
  const ok = await runtime.start(load(graph(2)), { q: 'hi', n: 5 });
  assert.deepEqual(ok.output, { answer: { ok: true }, tool_output: { echoed: { n: 5, text: 'n=5' } } });
  assert.deepEqual(tools.inputs.slice(0, 3), [{ q: 'hi!' }, { q: 'hi!' }, { q: 'hi!' }]);
  tools.failures = 2;
  const failed = await runtime.start(load(graph(1)), { q: 'hi', n: 5 });
  assert.equal(failed.status, 'failed');
  assert.match(failed.error!.message, /temporary failure/);
});

test('end returns output_keys (dotted keys nest, missing ones are null), or the whole context without them', async () => {
  const { runtime } = setup();
  const picked = load(
    block('/main/start', 'type: start\nnext: [end]') +
      block('/main/end', 'type: end\noutput_keys: [a.b, missing, c]'),
  );
  assert.deepEqual((await runtime.start(picked, { a: { b: 1, x: 2 }, c: 'c' })).output, {
    a: { b: 1 },
    missing: null,
    c: 'c',
  });
  const whole = load(block('/main/start', 'type: start\nnext: [end]') + block('/main/end', 'type: end'));
  assert.deepEqual((await runtime.start(whole, { a: 1 })).output, { a: 1 });
});

test('codelet_call naming a subgraph runs it as a child run and merges its output', async () => {
  const { runtime, store } = setup();
  const skill = load(
    block('/main/start', 'type: start\nnext: [check]') +
      block('/main/check', 'type: codelet_call\ncodelet: /auth\nnext: [end]') +
      block('/main/end', 'type: end\noutput_keys: [user, verdict]') +
      block(
        '/auth',
        `
graph_type: subgraph
entry: begin
nodes:
  - {id: begin, type: start, next: [decide]}
  - {id: decide, type: assign, assign: {verdict: "{% if token == 'secret' %}ok{% else %}denied{% endif %}"}, next: [done]}
  - {id: done, type: end, output_keys: [verdict]}
`,
      ),
  );
  const r = await runtime.start(skill, { user: 'ada', token: 'secret' });
  assert.deepEqual(r.output, { user: 'ada', verdict: 'ok' });
  const child = (await store.events(r.runId)).find(
    (e) => e.type === 'node_finished' && e.node === '/main/check',
  );
  assert.deepEqual((child as { value: unknown }).value, { verdict: 'ok' });
});

test('resources are in the context as resources.<name>, preloaded with their fields', async () => {
  const { runtime } = setup();
  const skill = load(
    block(
      '/resources/weather_cache',
      'type: resource\nresource_type: file\nuri: "/tmp/weather.json"\nscope: global',
    ) +
      block('/main/start', 'type: start\nnext: [use]') +
      block(
        '/main/use',
        'type: assign\nassign:\n  where: "{{ resources.weather_cache.uri }} ({{ resources.weather_cache.resource_type }})"\nnext: [end]',
      ) +
      block('/main/end', 'type: end\noutput_keys: [where]'),
  );
  assert.deepEqual((await runtime.start(skill, {})).output, { where: '/tmp/weather.json (file)' });
});

test('the node budget stops the run at the node that would exceed it', async () => {
  const { runtime } = setup();
  const chain = (n: number) =>
    block('/__meta__', `execution_budget:\n  max_nodes: ${n}`) +
    block('/main/start', 'type: start\nnext: [a]') +
    block('/main/a', 'type: assign\nassign: {x: 1}\nnext: [b]') +
    block('/main/b', 'type: assign\nassign: {y: 2}\nnext: [end]') +
    block('/main/end', 'type: end');
  const r = await runtime.start(load(chain(3)), {});
  assert.equal(r.status, 'failed');
  assert.deepEqual(r.error, {
    code: 'budget_exceeded',
    message: 'the run would execute more than 3 nodes (max_nodes)',
    step: '/main/end',
  });
  assert.equal((await runtime.start(load(chain(4)), {})).status, 'completed');
});

test('the duration budget stops a node that is still running', async () => {
  const { runtime, tools } = setup();
  const skill = load(
    block('/__meta__', 'execution_budget:\n  max_duration_sec: 0.1') +
      block('/main/start', 'type: start\nnext: [wait]') +
      block('/main/wait', 'type: tool_call\ntool: sleep\narguments: {ms: 5000, tag: long}\nnext: [end]') +
      block('/main/end', 'type: end'),
  );
  const r = await runtime.start(skill, {});
  assert.deepEqual(tools.log, ['start long'], 'the tool was stopped, not waited for');
  assert.deepEqual(r.error, {
    code: 'budget_exceeded',
    message: 'the run took longer than 100 ms (max_duration)',
  });
});

test("llm_call renders its prompt, asks the node's model, and stores the text in llm_output or its output key", async (t) => {
  const fake = await startFakeOpenAI([{ text: 'summarize it' }, { text: '{"title": "T", "tags": ["a"]}' }]);
  t.after(() => fake.close());
  const { runtime } = setup({ llm: createLlmService({ ...testConfig('/tmp'), baseUrl: fake.url }) });
  const skill = load(
    block('/main/start', 'type: start\nnext: [ask]') +
      block(
        '/main/ask',
        'type: llm_call\nmodel: compat:node-model\nprompt_template: "Intent of: {{ raw_input | upper }}"\nnext: [describe]',
      ) +
      block(
        '/main/describe',
        'type: llm_call\nmodel: compat:node-model\nprompt_template: "Describe {{ llm_output }}"\noutput_keys: [title, tags]\nnext: [end]',
      ) +
      block('/main/end', 'type: end\noutput_keys: [llm_output, title, tags]'),
  );
  const r = await runtime.start(skill, { raw_input: 'please summarize' });
  assert.deepEqual(r.output, { llm_output: 'summarize it', title: 'T', tags: ['a'] });
  assert.equal(fake.requests[0].model, 'node-model');
  assert.equal(messageText(fake.requests[0].messages.at(-1)!), 'Intent of: PLEASE SUMMARIZE');
  assert.match(messageText(fake.requests[1].messages.at(-1)!), /^Describe summarize it/);
});

test('the model-call budget refuses a call before it is made', async (t) => {
  const fake = await startFakeOpenAI([{ text: 'one' }, { text: 'two' }]);
  t.after(() => fake.close());
  const { runtime } = setup({
    llm: createLlmService({ ...testConfig('/tmp'), baseUrl: fake.url }, 'compat:m'),
  });
  const skill = load(
    block('/__meta__', 'execution_budget: {max_llm_calls: 1}') +
      block('/main/start', 'type: start\nnext: [first]') +
      block('/main/first', 'type: llm_call\nprompt_template: "first"\nnext: [second]') +
      block('/main/second', 'type: llm_call\nprompt_template: "second"\nnext: [end]') +
      block('/main/end', 'type: end'),
  );
  const r = await runtime.start(skill, {});
  assert.deepEqual(r.error, {
    code: 'budget_exceeded',
    message: 'the run would make more than 1 model calls (max_llm_calls)',
    step: '/main/second',
  });
  assert.equal(fake.requests.length, 1, 'the second call never reached the model');
});

test('the duration budget also cuts short a retry waiting in its back-off', async () => {
  const { runtime, tools } = setup();
  tools.failures = 5;
  const skill = load(
    block('/__meta__', 'execution_budget:\n  max_duration_sec: 0.2') +
      block('/main/start', 'type: start\nnext: [call]') +
      block(
        '/main/call',
        'type: tool_call\ntool: flaky\narguments: {}\nretry: {max_attempts: 3, delay_ms: 5000}\nnext: [end]',
      ) +
      block('/main/end', 'type: end'),
  );
  const r = await runtime.start(skill, {});
  assert.equal(tools.failures, 4, 'one attempt: the 5 s back-off was cut short, not sat out');
  assert.deepEqual(r.error, {
    code: 'budget_exceeded',
    message: 'the run took longer than 200 ms (max_duration)',
  });
});

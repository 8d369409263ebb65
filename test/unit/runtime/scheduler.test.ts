import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition, Scope, Template, ValueExpr } from '../../../src/ir/expr.js';
import type { Edge } from '../../../src/ir/graph.js';
import type { Node } from '../../../src/ir/nodes.js';
import type { Skill } from '../../../src/ir/skill.js';
import {
  Runtime,
  type RunEvent,
  type RuntimeServices,
  type ToolService,
  type Tool,
} from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';

// Small builders for IR pieces, as a front end would produce them.
const value = (f: (s: Scope) => unknown): ValueExpr => ({ refs: [], evaluate: f });
const text = (f: (s: Scope) => string): Template => ({ source: '', refs: [], render: f });
const when = (f: (s: Scope) => boolean): Condition => ({ source: '', refs: [], test: f });
const assign = (id: string, path: string[], f: (s: Scope) => unknown): Node => ({
  kind: 'assign',
  id,
  assignments: [{ path, value: value(f) }],
});
const end = (f: (s: Scope) => unknown = (s) => s): Node => ({ kind: 'end', id: 'end', output: value(f) });

function skill(nodes: Node[], edges: Edge[], extra: Partial<Skill> = {}): Skill {
  return {
    id: 't',
    version: '1.0.0',
    dialect: 'aegis',
    description: '',
    tags: [],
    source: 'mem',
    input: { type: 'object' },
    output: { type: 'object' },
    inputAt: [],
    graph: { nodes, edges, entry: nodes[0].id },
    ...extra,
  };
}

const chainEdges = (ids: string[]): Edge[] => ids.slice(1).map((to, i) => ({ from: ids[i], to }));

/** Tools for these tests: `sleep` waits and records overlap; `flaky` fails a number of times. */
function toolService(): ToolService & { log: string[]; maxConcurrent: number; flakyFailures: number } {
  let active = 0;
  const svc = {
    log: [] as string[],
    maxConcurrent: 0,
    flakyFailures: 2,
    require(name: string): Tool {
      const tools: Record<string, Tool> = {
        sleep: {
          name: 'sleep',
          description: '',
          async execute(input, ctx) {
            active++;
            svc.maxConcurrent = Math.max(svc.maxConcurrent, active);
            svc.log.push(`start ${input.tag}`);
            await new Promise((r, j) => {
              const t = setTimeout(r, Number(input.ms));
              ctx.signal.addEventListener('abort', () => (clearTimeout(t), j(new Error('aborted'))));
            });
            active--;
            svc.log.push(`end ${input.tag}`);
            return { [`done_${input.tag}`]: true };
          },
        },
        flaky: {
          name: 'flaky',
          description: '',
          execute() {
            if (svc.flakyFailures-- > 0) throw new Error('temporary failure');
            return { ok: true };
          },
        },
      };
      const t = tools[name];
      if (!t) throw new Error(`unknown tool ${name}`);
      return t;
    },
    async invoke(
      tool: Tool,
      input: Record<string, unknown>,
      o: { signal: AbortSignal; runId: string; log(l: string): void },
    ) {
      const out: Record<string, unknown> = {};
      const r = await tool.execute(input, {
        out: { put: (k, v) => (out[k] = v) },
        signal: o.signal,
        workspace: '.',
        log: o.log,
      });
      return { ...out, ...(r ?? {}) };
    },
  };
  return svc;
}

function setup(extra: Partial<RuntimeServices> = {}) {
  const tools = toolService();
  const store = new MemoryRunStore();
  const runtime = new Runtime({ store, tools, ...extra });
  return { runtime, store, tools };
}

test('a chain runs in order and each node sees the writes before it', async () => {
  const { runtime } = setup();
  const s = skill(
    [
      assign('a', ['x'], (s) => Number(s.n) + 1),
      assign('b', ['y'], (s) => Number(s.x) * 10),
      end((s) => ({ x: s.x, y: s.y })),
    ],
    chainEdges(['a', 'b', 'end']),
  );
  const r = await runtime.start(s, { n: 1 });
  assert.deepEqual(r, { runId: r.runId, status: 'completed', output: { x: 2, y: 20 } });
});

test('a false guard skips the node and the flow passes through it', async () => {
  const { runtime, store } = setup();
  const guarded: Node = { ...assign('b', ['y'], () => 'never'), guard: when((s) => s.flag === true) };
  const s = skill(
    [assign('a', ['x'], () => 1), guarded, assign('c', ['z'], (s) => `y=${String(s.y)}`), end()],
    chainEdges(['a', 'b', 'c', 'end']),
  );
  const r = await runtime.start(s, { flag: false });
  assert.equal(r.status, 'completed');
  assert.deepEqual(r.output, { flag: false, x: 1, z: 'y=undefined' });
  const events = await store.events(r.runId);
  assert.ok(events.some((e) => e.type === 'node_skipped' && e.node === 'b'));
});

test('fan-out runs branches concurrently on their own contexts and the join merges them in a fixed order', async () => {
  const { runtime, tools, store } = setup();
  const branch = (id: string, ms: number): Node => ({
    kind: 'tool',
    id,
    tool: 'sleep',
    input: value(() => ({ ms, tag: id })),
    output: { merge: [] },
  });
  const nodes: Node[] = [
    assign('start', ['seen'], () => 'start'),
    branch('b1', 60),
    branch('b2', 20),
    assign('b3', ['seen'], (s) => `b3 saw done_b1=${String(s.done_b1)}`),
    assign('join', ['all'], (s) => [s.done_b1, s.done_b2, s.seen]),
    end((s) => ({ all: s.all })),
  ];
  const edges: Edge[] = [
    { from: 'start', to: 'b1' },
    { from: 'start', to: 'b2' },
    { from: 'start', to: 'b3' },
    { from: 'b1', to: 'join' },
    { from: 'b2', to: 'join' },
    { from: 'b3', to: 'join' },
    { from: 'join', to: 'end' },
  ];
  const r = await runtime.start(skill(nodes, edges), {});
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.equal(tools.maxConcurrent, 2, 'b1 and b2 overlapped');
  assert.deepEqual(tools.log.slice(0, 2), ['start b1', 'start b2']);
  // b3 never saw b1's write (separate branch); b3 is declared last, so its `seen` wins at the join.
  assert.deepEqual(r.output, { all: [true, true, 'b3 saw done_b1=undefined'] });
  // b2 finished first, yet b1's earlier events were stored before b2's: the log is in seq order.
  const seqs = (await store.events(r.runId)).map((e) => e.seq);
  assert.deepEqual(
    seqs,
    [...seqs].sort((a, b) => a - b),
  );
});

test('a route activates only the chosen successors; the others and their descendants are skipped, the join still runs', async () => {
  const code = {
    run: async (_spec: unknown, input: unknown) => ({ next: [(input as { pick: string }).pick] }),
  };
  const { runtime, store } = setup({ code: { python: code } });
  const nodes: Node[] = [
    {
      kind: 'route',
      id: 'route',
      resolver: { language: 'python', source: '', entry: 'main' },
      input: value((s) => s),
      targets: { left: 'left', right: 'right' },
      fallback: [],
    },
    assign('left', ['side'], () => 'L'),
    assign('right', ['side'], () => 'R'),
    assign('after_right', ['more'], () => 'only after right'),
    assign('join', ['done'], () => true),
    end(),
  ];
  const edges: Edge[] = [
    { from: 'route', to: 'left' },
    { from: 'route', to: 'right' },
    { from: 'right', to: 'after_right' },
    { from: 'left', to: 'join' },
    { from: 'after_right', to: 'join' },
    { from: 'join', to: 'end' },
  ];
  const r = await runtime.start(skill(nodes, edges), { pick: 'left' });
  assert.equal(r.status, 'completed', JSON.stringify(r.error));
  assert.deepEqual(r.output, { pick: 'left', side: 'L', done: true });
  const finished = (await store.events(r.runId))
    .filter((e) => e.type === 'node_finished')
    .map((e) => (e as { node: string }).node);
  assert.deepEqual(finished, ['route', 'left', 'join', 'end']);

  const bad = await runtime.start(skill(nodes, edges), { pick: 'up' });
  assert.equal(bad.status, 'failed');
  assert.equal(bad.error?.code, 'route_unknown_target');
  assert.match(bad.error!.message, /"next":\["up"\]/);
});

test('retry with backoff, then success; without retry the run fails naming the step', async () => {
  const { runtime, store, tools } = setup();
  const flaky: Node = {
    kind: 'tool',
    id: 'call',
    tool: 'flaky',
    input: value(() => ({})),
    output: { merge: [] },
    retry: { max: 2, delayMs: 5 },
  };
  const ok = await runtime.start(skill([flaky, end()], chainEdges(['call', 'end'])), {});
  assert.equal(ok.status, 'completed');
  const failures = (await store.events(ok.runId)).filter((e) => e.type === 'node_failed');
  assert.deepEqual(
    failures.map((e) => (e as { willRetry: boolean }).willRetry),
    [true, true],
  );

  tools.flakyFailures = 1;
  const noRetry: Node = { ...flaky, retry: undefined };
  const failed = await runtime.start(skill([noRetry, end()], chainEdges(['call', 'end'])), {});
  assert.equal(failed.status, 'failed');
  assert.deepEqual(failed.error, {
    code: 'node_failed',
    message: 'step "call" failed: temporary failure',
    step: 'call',
  });
});

test('a node over its timeout fails the run with a timeout error', async () => {
  const { runtime, tools } = setup();
  const slow: Node = {
    kind: 'tool',
    id: 'slow',
    tool: 'sleep',
    input: value(() => ({ ms: 5000, tag: 's' })),
    output: { merge: [] },
    timeoutMs: 50,
  };
  const r = await runtime.start(skill([slow, end()], chainEdges(['slow', 'end'])), {});
  assert.deepEqual(tools.log, ['start s'], 'the tool was stopped, not waited for');
  assert.equal(r.error?.code, 'timeout');
  assert.match(r.error!.message, /timed out after 50 ms/);
});

test('await pauses durably; resume validates, continues, and is refused a second time', async () => {
  const { runtime, store } = setup({});
  const services = runtime.services;
  const nodes: Node[] = [
    assign('before', ['count'], () => 1),
    {
      kind: 'await',
      id: 'ask',
      message: text((s) => `count is ${String(s.count)}; ok?`),
      inputSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      output: { merge: [] },
    },
    assign('after', ['result'], (s) => (s.ok ? 'confirmed' : 'cancelled')),
    end((s) => ({ result: s.result })),
  ];
  const s = skill(nodes, chainEdges(['before', 'ask', 'after', 'end']));
  const skills = { find: async () => s, load: async () => s };
  const rt = new Runtime({ ...services, skills });
  const paused = await rt.start(s, {});
  assert.equal(paused.status, 'awaiting');
  assert.deepEqual(paused.await, {
    step: 'ask',
    message: 'count is 1; ok?',
    inputSchema: nodes[1].kind === 'await' ? nodes[1].inputSchema : {},
  });

  await assert.rejects(
    rt.resume(paused.runId, { ok: 'yes' }),
    /answer for step "ask" is invalid: ok: must be boolean/,
  );
  const [first, second] = await Promise.allSettled([
    rt.resume(paused.runId, { ok: true }),
    rt.resume(paused.runId, { ok: true }),
  ]);
  assert.equal(first.status, 'fulfilled');
  assert.deepEqual(first.status === 'fulfilled' && first.value.output, { result: 'confirmed' });
  assert.equal(second.status, 'rejected');
  assert.match(
    String(second.status === 'rejected' && second.reason.message),
    /cannot be resumed: it (is running in another process|has already completed)/,
  );
  await assert.rejects(rt.resume(paused.runId, { ok: true }), /cannot be resumed: it has already completed/);
  // The node before the pause ran once.
  const started = (await store.events(paused.runId)).filter(
    (e: RunEvent) => e.type === 'node_started' && e.node === 'before',
  );
  assert.equal(started.length, 1);
});

test('bad input is refused naming every bad field; output is validated', async () => {
  const { runtime } = setup();
  const s = skill([end((s) => ({ n: s.n }))], [], {
    input: {
      type: 'object',
      properties: { n: { type: 'number' }, m: { type: 'string' } },
      required: ['n', 'm'],
    },
    output: { type: 'object', properties: { n: { type: 'string' } }, required: ['n'] },
  });
  await assert.rejects(
    runtime.start(s, { n: 'x' }),
    /input for t@1\.0\.0 is invalid: m: is required; n: must be number/,
  );
  const r = await runtime.start(s, { n: 1, m: 'a' });
  assert.deepEqual(r.error, {
    code: 'output_invalid',
    message: 'the output does not match the output schema: n: must be string',
  });
});

test('budgets stop a run', async () => {
  const { runtime } = setup();
  const s = skill(
    [assign('a', ['x'], () => 1), assign('b', ['y'], () => 2), end()],
    chainEdges(['a', 'b', 'end']),
    { budget: { maxNodes: 2 } },
  );
  const r = await runtime.start(s, {});
  assert.equal(r.error?.code, 'budget_exceeded');
});

test('an LLM step without a model fails at once, before any step runs', async () => {
  const { runtime, store } = setup();
  const s = skill(
    [
      assign('a', ['x'], () => 1),
      { kind: 'llm', id: 'ask', prompt: text(() => 'hi'), output: { set: ['answer'] } },
      end(),
    ],
    chainEdges(['a', 'ask', 'end']),
  );
  const r = await runtime.start(s, {});
  assert.equal(r.error?.code, 'model_not_configured');
  assert.ok(!(await store.events(r.runId)).some((e) => e.type === 'node_started'));
});

test('call nodes run other skills and subgraphs as child runs; a child pause is answered through the parent', async () => {
  const store = new MemoryRunStore();
  const askNode: Node = {
    kind: 'await',
    id: 'ask',
    message: text((s) => `double ${String(s.n)}?`),
    inputSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
    output: { merge: [] },
  };
  const child = skill(
    [askNode, end((s) => ({ doubled: s.yes ? Number(s.n) * 2 : Number(s.n) }))],
    chainEdges(['ask', 'end']),
    { id: 'doubler' },
  );
  const parentNodes: Node[] = [
    {
      kind: 'call',
      id: 'sub',
      target: { graph: 'inc' },
      input: value((s) => ({ n: s.n })),
      output: { set: ['inc'] },
    },
    {
      kind: 'call',
      id: 'child',
      target: { skill: 'doubler' },
      input: value((s) => ({ n: (s.inc as { n: number }).n })),
      output: { set: ['child'] },
    },
    end((s) => ({ result: s.child })),
  ];
  const parent = skill(parentNodes, chainEdges(['sub', 'child', 'end']), {
    id: 'parent',
    subgraphs: {
      inc: {
        nodes: [assign('plus', ['n'], (s) => Number(s.n) + 1), end((s) => ({ n: s.n }))],
        edges: [{ from: 'plus', to: 'end' }],
        entry: 'plus',
      },
    },
  });
  const skills = {
    find: async (id: string) => (id === 'doubler' ? child : parent),
    load: async (ref: { id: string }) => (ref.id === 'doubler' ? child : parent),
  };
  const rt = new Runtime({ store, skills });
  const paused = await rt.start(parent, { n: 4 });
  assert.equal(paused.status, 'awaiting', JSON.stringify(paused.error));
  assert.deepEqual(paused.await?.step, 'child/ask');
  assert.equal(paused.await?.message, 'double 5?');
  const done = await rt.resume(paused.runId, { yes: true });
  assert.deepEqual(done.output, { result: { doubled: 10 } });
  const { runs } = await store.listRuns({ limit: 10 });
  assert.deepEqual(
    runs.map((r) => [r.skill.id, r.skill.graph ?? '', r.status, r.parentRunId === paused.runId]).sort(),
    [
      ['doubler', '', 'completed', true],
      ['parent', '', 'completed', false],
      ['parent', 'inc', 'completed', true],
    ],
  );
});

test('skills that call each other in a circle fail with call_depth instead of running forever', async () => {
  const ping = skill(
    [
      {
        kind: 'call',
        id: 'call',
        target: { skill: 'pong' },
        input: value(() => ({})),
        output: { set: ['r'] },
      },
      end(),
    ],
    chainEdges(['call', 'end']),
    { id: 'ping' },
  );
  const pong = {
    ...ping,
    id: 'pong',
    graph: {
      ...ping.graph!,
      nodes: [{ ...ping.graph!.nodes[0], target: { skill: 'ping' } } as Node, ping.graph!.nodes[1]],
    },
  };
  const skills = { find: async (id: string) => (id === 'ping' ? ping : pong), load: async () => ping };
  const r = await new Runtime({ store: new MemoryRunStore(), skills }).start(ping, {});
  assert.equal(r.status, 'failed');
  assert.match(r.error!.message, /nest runs 33 deep \(the limit is 32\)/);
});

test('cancel: a driven run is aborted at once, a run held elsewhere is asked through the store, an awaiting run fails, an ended one is refused', async () => {
  const { runtime, store, tools } = setup();
  const sleeper = (ms: number) =>
    skill(
      [
        {
          kind: 'tool',
          id: 'nap',
          tool: 'sleep',
          input: value(() => ({ ms, tag: 'nap' })),
          output: { merge: [] },
        },
        end(),
      ],
      chainEdges(['nap', 'end']),
    );
  const started = new Promise<string>((resolve) => {
    void runtime.start(
      sleeper(60_000),
      {},
      {
        onEvent: (e) => e.type === 'tool_started' && resolve(e.runId),
      },
    );
  });
  const here = await runtime.cancel(await started);
  assert.deepEqual([here.status, here.error?.code], ['failed', 'cancelled']);
  assert.deepEqual(tools.log, ['start nap'], 'the in-flight tool call saw the abort and never ended');

  // Another runtime on the same store (as another process would be) cannot abort it: it asks.
  const elsewhere = new Runtime({ store });
  const held = new Promise<string>((resolve) => {
    void runtime.start(
      sleeper(60_000),
      {},
      {
        onEvent: (e) => e.type === 'tool_started' && resolve(e.runId),
      },
    );
  });
  const asked = await elsewhere.cancel(await held);
  assert.deepEqual([asked.status, asked.error?.code], ['failed', 'cancelled']);
  const events = await store.events(asked.id);
  assert.equal(events.at(-1)?.type, 'failed');

  const waits = skill(
    [
      {
        kind: 'await',
        id: 'ask',
        message: text(() => 'ok?'),
        inputSchema: { type: 'object' },
        output: { merge: [] },
      },
      end(),
    ],
    chainEdges(['ask', 'end']),
  );
  const paused = await runtime.start(waits, {});
  const cancelled = await elsewhere.cancel(paused.runId);
  assert.deepEqual(
    [cancelled.status, cancelled.error?.code, cancelled.awaiting],
    ['failed', 'cancelled', undefined],
  );
  const log = await store.events(paused.runId);
  assert.deepEqual(
    log.slice(-2).map((e) => [e.type, e.seq]),
    [
      ['awaiting', log.length - 2],
      ['failed', log.length - 1],
    ],
  );
  await assert.rejects(
    runtime.cancel(paused.runId),
    (e: Error & { code?: string }) => e.code === 'run_ended',
  );
  await assert.rejects(runtime.resume(paused.runId, {}), /cannot be resumed: it has failed/);
  await assert.rejects(runtime.cancel('nope'), /no run nope/);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Scope } from '../../../src/ir/expr.js';
import type { Edge } from '../../../src/ir/graph.js';
import type { Node } from '../../../src/ir/nodes.js';
import type { Skill } from '../../../src/ir/skill.js';
import { Runtime, type RunStore, type Tool, type ToolService } from '../../../src/runtime/index.js';
import { LIFECYCLE, nextStatuses } from '../../../src/runtime/lifecycle.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';

const value = (f: (s: Scope) => unknown) => ({ refs: [], evaluate: f });

function skill(nodes: Node[], edges: Edge[]): Skill {
  return {
    id: 'parts',
    version: '1.0.0',
    dialect: 'aegis',
    description: '',
    tags: [],
    source: 'mem',
    input: { type: 'object' },
    output: { type: 'object' },
    inputAt: [],
    graph: { nodes, edges, entry: nodes[0].id },
  };
}

const chain = (ids: string[]): Edge[] => ids.slice(1).map((to, i) => ({ from: ids[i], to }));
const end: Node = { kind: 'end', id: 'end', output: value((s) => ({ n: s.n })) };
const step = (id: string, extra: Partial<Node> = {}): Node =>
  ({
    kind: 'tool',
    id,
    tool: 'count',
    input: value((s) => ({ n: s.n })),
    output: { merge: [] },
    ...extra,
  }) as Node;

/** A tool that adds one to `n` after a macrotask (an asynchronous step); `failures` makes it fail first. */
function counter(failures = 0): ToolService & { calls: number } {
  const tool: Tool = { name: 'count', description: 'adds one', execute: () => ({}) };
  const svc = {
    calls: 0,
    require: () => tool,
    invoke: async (_t: Tool, input: Record<string, unknown>) => {
      svc.calls++;
      await new Promise((r) => setImmediate(r));
      if (failures-- > 0) throw new Error('not yet');
      return { n: Number(input.n ?? 0) + 1 };
    },
  };
  return svc;
}

/** A memory store whose node commits fail: thrown at once (`sync`) or as a rejected promise, from the `after`th on. */
function failingStore(after: number, how: 'sync' | 'async'): RunStore {
  const inner = new MemoryRunStore();
  let commits = 0;
  return Object.assign(Object.create(inner) as RunStore, {
    saveNodes: (...args: Parameters<RunStore['saveNodes']>) => {
      if (++commits < after) return inner.saveNodes(...args);
      if (how === 'sync') throw new Error('disk full');
      return Promise.reject(new Error('connection lost'));
    },
  });
}

test('a chain of 300 asynchronous tool steps runs in order to the end, each step once', async () => {
  const tools = counter();
  const ids = Array.from({ length: 300 }, (_, i) => `t${i}`);
  const s = skill([...ids.map((id) => step(id)), end], chain([...ids, 'end']));
  const store = new MemoryRunStore();
  const r = await new Runtime({ store, tools }).start(s, {});
  assert.deepEqual(r.output, { n: 300 });
  assert.equal(tools.calls, 300);
  const started = (await store.events(r.runId)).filter((e) => e.type === 'node_started');
  assert.deepEqual(
    started.map((e) => e.type === 'node_started' && e.node),
    [...ids, 'end'],
  );
});

for (const how of ['sync', 'async'] as const)
  test(`a store that fails (${how}) before a tool step acts fails the run with store_failed, and the tool never runs`, async () => {
    const tools = counter();
    const store = failingStore(1, how);
    const r = await new Runtime({ store, tools }).start(skill([step('t0'), end], chain(['t0', 'end'])), {});
    assert.equal(r.status, 'failed');
    assert.equal(r.error?.code, 'store_failed');
    assert.match(r.error!.message, how === 'sync' ? /disk full/ : /connection lost/);
    assert.equal(tools.calls, 0);
    const stored = await store.getRun(r.runId);
    assert.equal(stored?.status, 'failed');
    assert.equal(stored?.error?.code, 'store_failed');
  });

test('a store that fails at the commit before a retry fails the run with store_failed, not node_failed', async () => {
  const tools = counter(1);
  // The first commit stores the step's start; the second is the one before its retry.
  const store = failingStore(2, 'async');
  const retried = step('t0', { retry: { max: 2, delayMs: 1 } } as Partial<Node>);
  const r = await new Runtime({ store, tools }).start(skill([retried, end], chain(['t0', 'end'])), {});
  assert.equal(r.error?.code, 'store_failed');
  assert.equal(tools.calls, 1, 'no retry after the store failed');
});

test('a store that fails to store a pause fails the run: awaiting is reported only once stored', async () => {
  const ask: Node = {
    kind: 'await',
    id: 'ask',
    message: { source: '', refs: [], render: () => 'ok?' },
    inputSchema: { type: 'object' },
    output: { merge: [] },
  };
  const store = failingStore(1, 'sync');
  const r = await new Runtime({ store }).start(skill([ask, end], chain(['ask', 'end'])), {});
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.code, 'store_failed');
  assert.equal((await store.getRun(r.runId))?.status, 'failed');
});

test('the lifecycle table: a run goes from running to awaiting and back, and nothing leaves completed or failed', () => {
  const next = nextStatuses();
  const sorted = (s: ReadonlySet<string> | undefined) => [...(s ?? [])].sort();
  assert.deepEqual(sorted(next.get('running')), ['awaiting', 'completed', 'failed', 'running']);
  assert.deepEqual(sorted(next.get('awaiting')), ['failed', 'running']);
  assert.deepEqual(sorted(next.get('completed')), []);
  assert.deepEqual(sorted(next.get('failed')), []);
  assert.deepEqual(LIFECYCLE.pause.clears, ['owner'], 'a paused run is held by no process');
});

test('a completed run cannot be moved again through the runtime: resume and cancel are refused', async () => {
  const store = new MemoryRunStore();
  const s = skill([end], []);
  const runtime = new Runtime({ store, skills: { find: async () => s, load: async () => s } });
  const r = await runtime.start(s, { n: 1 });
  assert.equal(r.status, 'completed');
  await assert.rejects(runtime.resume(r.runId, {}), /cannot be resumed: it has already completed/);
  await assert.rejects(runtime.cancel(r.runId), /it has already completed/);
  assert.equal((await store.getRun(r.runId))?.status, 'completed');
});

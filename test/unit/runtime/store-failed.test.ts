import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadText, Runtime, type Tool } from '../../../src/index.js';
import type { RunStore } from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';

// A store failure at any commit point of a run, through the package entry: the run fails with
// `store_failed` (docs/runtime.md, "Durability"), never `node_failed`, and no step acts after it.

/** Three tool steps in a chain; each logs a line while it works, so events are stored during it too. */
const SKILL = `# skill: three_steps

**version**: 1.0.0

## description
Three tool steps in a chain.

## input_schema

\`\`\`yaml
label: string
\`\`\`

## output_schema

\`\`\`yaml
s2: string
\`\`\`

## steps
${[0, 1, 2]
  .map(
    (i) => `
### step: t${i}

**type**: tool
**tool**: echo

\`\`\`yaml
input:
  key: s${i}
  text: "{{${i === 0 ? 'label' : `s${i - 1}`}}}"
output_schema:
  s${i}:
    type: string
\`\`\`
`,
  )
  .join('')}`;

function threeSteps() {
  const unit = loadText('three.md', SKILL);
  const skill = unit.skills[0];
  assert.ok(skill, unit.diagnostics.map((d) => d.message).join('; '));
  return skill;
}

/** An echo tool that logs a line, then answers after a macrotask (a step that takes a while). */
function echoTools() {
  const echo: Tool = { name: 'echo', description: 'echoes its text', execute: () => ({}) };
  const tools = {
    calls: 0,
    require: () => echo,
    invoke: async (_t: Tool, input: Record<string, unknown>, o: { log(line: string): void }) => {
      tools.calls++;
      o.log(`echo ${String(input.key)}`);
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      return { [String(input.key)]: input.text };
    },
  };
  return tools;
}

/** A memory store whose `saveNodes` fails (thrown, or as a rejected promise) from its `from`th call on. */
function failingStore(from: number, how: 'sync' | 'async') {
  const inner = new MemoryRunStore();
  const counts = { saves: 0 };
  const store = Object.assign(Object.create(inner) as RunStore, {
    saveNodes: (...args: Parameters<RunStore['saveNodes']>) => {
      if (++counts.saves < from) return inner.saveNodes(...args);
      if (how === 'sync') throw new Error('disk full');
      return Promise.reject(new Error('connection lost'));
    },
  });
  return { store, counts };
}

for (const how of ['sync', 'async'] as const)
  for (const from of [1, 2, 3, 4])
    test(`store_failed: commit number ${from} fails (${how}); the run fails with store_failed and no step acts after it`, async () => {
      const tools = echoTools();
      const { store, counts } = failingStore(from, how);
      const r = await new Runtime({ store, tools }).start(threeSteps(), { label: 'x' });
      assert.equal(r.status, 'failed');
      assert.equal(r.error?.code, 'store_failed');
      assert.match(r.error!.message, /^the run store failed: (disk full|connection lost)$/);
      const stored = await store.getRun(r.runId);
      assert.equal(stored?.status, 'failed');
      assert.equal(stored?.error?.code, 'store_failed');
      // Nothing of the run is stored after the failed commit but its end.
      assert.equal(counts.saves, from);
      const events = await store.events(r.runId);
      // A step the failure stopped says so; no step is reported as having failed on its own.
      for (const e of events)
        if (e.type === 'node_failed') assert.match(e.error, /was stopped: the run store failed: /);
      assert.equal(events.at(-1)?.type, 'failed');
      // A tool step starts only after the commit that records its start: no call after the failure.
      assert.ok(tools.calls < from, `${tools.calls} tool calls for a failure at commit ${from}`);
    });

test('store_failed: the same skill and tools complete on a store that works (the failures above are the store)', async () => {
  const tools = echoTools();
  const { store, counts } = failingStore(Infinity, 'sync');
  const r = await new Runtime({ store, tools }).start(threeSteps(), { label: 'x' });
  assert.equal(r.status, 'completed');
  assert.deepEqual(r.output, { s2: 'x' });
  assert.equal(tools.calls, 3);
  assert.ok(counts.saves >= 3);
});

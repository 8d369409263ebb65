import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Scope } from '../../../src/ir/expr.js';
import type { Skill } from '../../../src/ir/skill.js';
import { Runtime } from '../../../src/runtime/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';

const value = (f: (s: Scope) => unknown) => ({ refs: [], evaluate: f });

const echo: Skill = {
  id: 'echo',
  version: '1.0.0',
  dialect: 'aegis',
  description: '',
  tags: [],
  source: '/skills/echo.md',
  input: { type: 'object' },
  output: { type: 'object' },
  inputAt: [],
  graph: { nodes: [{ kind: 'end', id: 'end', output: value((s) => ({ n: s.n })) }], edges: [], entry: 'end' },
};

test('run ids are random version 4 UUIDs in lowercase, distinct across more runs than one pool of random bytes', async () => {
  const store = new MemoryRunStore();
  const runtime = new Runtime({ store });
  const ids = new Set<string>();
  for (let n = 0; n < 1000; n++) {
    const result = await runtime.start(echo, { n });
    assert.match(result.runId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(result.output, { n });
    ids.add(result.runId);
  }
  assert.equal(ids.size, 1000);
  // Every hex digit appears in every free position somewhere: the bytes are not reused or fixed.
  const free = [...Array(36).keys()].filter((i) => ![8, 13, 14, 18, 19, 23].includes(i));
  for (const i of free) assert.equal(new Set([...ids].map((id) => id[i])).size, 16, `position ${i}`);
  assert.equal((await store.getRun([...ids][999]))?.status, 'completed');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '../../../src/ir/expr.js';
import type { Node } from '../../../src/ir/nodes.js';
import type { Skill } from '../../../src/ir/skill.js';
import { Runtime } from '../../../src/runtime/index.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';

const value = (f: (s: Scope) => unknown) => ({ refs: [], evaluate: f });

/** A skill whose `call` node runs its subgraph `review`, which pauses for a person. */
function parentSkill(): Skill {
  const ask: Node = {
    kind: 'await',
    id: 'ask',
    message: { source: '', refs: [], render: (s) => `approve ${String(s.item)}?` },
    inputSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    output: { merge: [] },
  };
  return {
    id: 'parent',
    version: '1.0.0',
    dialect: 'aegis',
    description: '',
    tags: [],
    source: '/skills/parent.md',
    input: { type: 'object' },
    output: { type: 'object' },
    inputAt: [],
    graph: {
      nodes: [
        {
          kind: 'call',
          id: 'review',
          target: { graph: 'review' },
          input: value((s) => ({ item: s.item })),
          output: { set: ['review'] },
        },
        { kind: 'end', id: 'end', output: value((s) => ({ review: s.review })) },
      ],
      edges: [{ from: 'review', to: 'end' }],
      entry: 'review',
    },
    subgraphs: {
      review: {
        nodes: [ask, { kind: 'end', id: 'end', output: value((s) => ({ item: s.item, ok: s.ok })) }],
        edges: [{ from: 'ask', to: 'end' }],
        entry: 'ask',
      },
    },
  };
}

test('a run paused inside a subgraph resumes from SQLite in another runtime (the child run keeps its graph)', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-subgraph-')), 'runs.db');
  const skill = parentSkill();
  const skills = { find: async () => skill, load: async () => skill };
  const first = new SqliteRunStore(file);
  const paused = await new Runtime({ store: first, skills }).start(skill, { item: 'lamp' });
  assert.equal(paused.status, 'awaiting', JSON.stringify(paused.error));
  assert.equal(paused.await?.message, 'approve lamp?');
  await first.close();

  // Another process: a new store on the same file, a new runtime.
  const second = new SqliteRunStore(file);
  const { runs } = await second.listRuns({ limit: 5 });
  const child = runs.find((r) => r.parentRunId === paused.runId);
  assert.deepEqual(child?.skill, {
    id: 'parent',
    version: '1.0.0',
    source: '/skills/parent.md',
    graph: 'review',
  });
  const done = await new Runtime({ store: second, skills }).resume(paused.runId, { ok: true });
  assert.equal(done.status, 'completed', JSON.stringify(done.error));
  assert.deepEqual(done.output, { review: { item: 'lamp', ok: true } });
  assert.equal((await second.getRun(child!.id))?.status, 'completed');
  await second.close();
});

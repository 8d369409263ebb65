import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '../../../src/ir/expr.js';
import type { Skill } from '../../../src/ir/skill.js';
import { Runtime, type RunStore } from '../../../src/runtime/index.js';
import { SqliteRunStore } from '../../../src/store/sqlite.js';

const value = (f: (s: Scope) => unknown) => ({ refs: [], evaluate: f });

/** A step with an effect (counted), then the end. */
function skill(): Skill {
  return {
    id: 'once',
    version: '1.0.0',
    dialect: 'aegis',
    description: '',
    tags: [],
    source: '/skills/once.md',
    input: { type: 'object' },
    output: { type: 'object' },
    inputAt: [],
    graph: {
      nodes: [
        {
          kind: 'tool',
          id: 'act',
          tool: 'act',
          input: value((s) => ({ x: s.x })),
          output: { set: ['acted'] },
        },
        { kind: 'end', id: 'end', output: value((s) => ({ acted: s.acted })) },
      ],
      edges: [{ from: 'act', to: 'end' }],
      entry: 'act',
    },
  };
}

test('a process that dies after committing the end node but before marking the run completed: the run completes on takeover, nothing again', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-end-crash-')), 'runs.db');
  const calls: string[] = [];
  const s = skill();
  const skills = { find: async () => s, load: async () => s };
  const tools = {
    require: () => ({ name: 'act', description: 'counts', execute: () => ({}) }),
    invoke: async (_tool: unknown, input: Record<string, unknown>) => {
      calls.push(String(input.x));
      return { did: `did ${input.x}` };
    },
  };
  // The first process: its store fails the run's last write, as if the process died right before it.
  const first = new SqliteRunStore(file);
  const dying: RunStore = Object.assign(Object.create(first) as RunStore, {
    transition: async (...args: Parameters<RunStore['transition']>) => {
      if (args[2] === 'completed') throw new Error('killed');
      return first.transition(...args);
    },
  });
  await assert.rejects(new Runtime({ store: dying, skills, tools }).start(s, { x: 7 }), /killed/);
  const [run] = (await first.listRuns({ limit: 1 })).runs;
  assert.equal(run.status, 'running');
  assert.deepEqual(
    (await first.nodes(run.id)).map((n) => [n.node, n.status]),
    [
      ['act', 'done'],
      ['end', 'done'],
    ],
  );
  // Its owner is gone: another runtime takes the run over.
  await first.transition(run.id, ['running'], 'running', { owner: 'elsewhere:1:dead', leaseUntil: 0 });
  const second = new SqliteRunStore(file);
  const result = await new Runtime({ store: second, skills, tools }).take(run.id);
  assert.deepEqual(result && { status: result.status, output: result.output }, {
    status: 'completed',
    output: { acted: { did: 'did 7' } },
  });
  assert.deepEqual(calls, ['7'], 'the tool ran once');
  const finished = (await second.events(run.id)).filter((e) => e.type === 'node_finished');
  assert.deepEqual(
    finished.map((e) => e.type === 'node_finished' && e.node),
    ['act', 'end'],
    'no step reported twice',
  );
  await first.close();
  await second.close();
});

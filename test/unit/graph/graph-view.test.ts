import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphView } from '../../../src/graph/index.js';
import { chain } from '../../../src/ir/graph.js';
import type { Node } from '../../../src/ir/nodes.js';
import type { Skill } from '../../../src/ir/skill.js';
import { block, load } from '../../helpers/agenticdsl.js';

test('the graph view boxes each subgraph: its nodes carry the group, the group names its entry and callers', () => {
  const skill = load(
    block(
      '/main',
      `
graph_type: subgraph
entry: start
nodes:
  - {id: start, type: start, next: [check]}
  - {id: check, type: codelet_call, codelet: /auth, next: [end]}
  - {id: end, type: end}
`,
    ) +
      block(
        '/auth',
        'graph_type: subgraph\nentry: s\nnodes:\n  - {id: s, type: start, next: [e]}\n  - {id: e, type: end}',
      ),
  );
  const view = graphView(skill)!;
  assert.deepEqual(
    view.nodes.map((n) => [n.id, n.kind, n.label, n.group]),
    [
      ['/main/start', 'assign', 'pass', undefined],
      ['/main/check', 'call', 'run /auth', undefined],
      ['/main/end', 'end', 'end', undefined],
      ['/auth/s', 'assign', 'pass', '/auth'],
      ['/auth/e', 'end', 'end', '/auth'],
    ],
  );
  assert.ok(view.nodes.slice(0, 3).every((n) => !('group' in n)));
  assert.deepEqual(view.groups, [
    { id: '/auth', label: '/auth', kind: 'subgraph', entry: '/auth/s', callers: ['/main/check'] },
  ]);
  assert.deepEqual(
    view.edges.map((e) => `${e.from}→${e.to}`),
    ['/main/start→/main/check', '/main/check→/main/end', '/auth/s→/auth/e'],
  );
});

test('a skill without subgraphs has no groups; a subgraph node named like a main one is named group:id', () => {
  const node = (id: string): Node => ({ id, kind: 'assign', assignments: [] });
  const main = chain([
    node('a'),
    {
      id: 'b',
      kind: 'call',
      target: { graph: 'sub' },
      input: { refs: [], evaluate: () => ({}) },
      output: { set: ['x'] },
    } satisfies Node,
  ]);
  const skill = { id: 's', graph: main } as unknown as Skill;
  assert.equal(graphView(skill)!.groups, undefined);
  const view = graphView({ ...skill, subgraphs: { sub: chain([node('a'), node('c')]) } })!;
  assert.deepEqual(
    view.nodes.map((n) => n.id),
    ['a', 'b', 'sub:a', 'c'],
  );
  assert.deepEqual(view.edges.at(-1), { from: 'sub:a', to: 'c', kind: 'next' });
  assert.deepEqual(view.groups, [
    { id: 'sub', label: 'sub', kind: 'subgraph', entry: 'sub:a', callers: ['b'] },
  ]);
});

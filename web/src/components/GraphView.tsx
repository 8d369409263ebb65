import dagre from '@dagrejs/dagre';
import { Background, Controls, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import type { SkillDetail } from '../api/types';
import type { NodeState } from '../run/run-state';

const WIDTH = 180;
const HEIGHT = 44;
/** Kinds that run more inside them (a call's child run, an agent's loop of model and tool calls): drawn as boxes. */
const BOXED = new Set(['call', 'agent']);

type Graph = NonNullable<SkillDetail['graph']>;

/** Node positions from dagre, top to bottom. */
function layout(graph: Graph): { nodes: Node[]; edges: Edge[] } {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 30, ranksep: 40 });
  g.setDefaultEdgeLabel(() => ({}));
  const known = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const e of graph.edges)
    for (const id of [e.from, e.to])
      if (!known.has(id)) known.set(id, { id, kind: 'end', label: id.replace(/^__(.*)__$/, '$1') });
  for (const n of known.values()) g.setNode(n.id, { width: WIDTH, height: HEIGHT });
  for (const e of graph.edges) g.setEdge(e.from, e.to);
  dagre.layout(g);
  const nodes: Node[] = [...known.values()].map((n) => {
    const p = g.node(n.id);
    return {
      id: n.id,
      position: { x: p.x - WIDTH / 2, y: p.y - HEIGHT / 2 },
      data: { label: n.kind === 'end' ? n.label : `${n.id} · ${n.kind}` },
      className: `node kind-${n.kind}${BOXED.has(n.kind) ? ' boxed' : ''}`,
      style: { width: WIDTH },
      draggable: false,
      connectable: false,
    };
  });
  const edges: Edge[] = graph.edges.map((e, i) => ({
    id: `e${i}`,
    source: e.from,
    target: e.to,
    className: `edge-${e.kind}`,
    style: e.kind === 'next' ? undefined : { strokeDasharray: '6 4' },
    label: e.kind === 'fallback' ? 'fallback' : undefined,
  }));
  return { nodes, edges };
}

/** A skill's graph: nodes by kind, routes dashed, calls boxed; with `states`, each node's state in a run. */
export default function GraphView({
  graph,
  states = {},
}: {
  graph: Graph;
  states?: Record<string, NodeState>;
}) {
  const laid = useMemo(() => layout(graph), [graph]);
  const nodes = useMemo(
    () =>
      laid.nodes.map((n) => ({
        ...n,
        className: `${n.className} ${states[n.id] ? `state-${states[n.id]}` : ''}`,
        ariaLabel: `${n.id}${states[n.id] ? `: ${states[n.id]}` : ''}`,
      })),
    [laid, states],
  );
  return (
    <div className="graph" role="figure" aria-label="Graph">
      <ReactFlow
        nodes={nodes}
        edges={laid.edges}
        fitView
        nodesDraggable={false}
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

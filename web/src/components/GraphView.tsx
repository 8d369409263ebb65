import dagre from '@dagrejs/dagre';
import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { RoutedEdge, type Routed, type XY } from './RoutedEdge';
import type { SkillDetail } from '../api/types';
import { shortName } from '../run/node-name';
import type { NodeState } from '../run/run-state';

const WIDTH = 190;
const HEIGHT = 48;
/** Zoom bounds of the first fit: text stays readable (≥ 11 px) in a big graph, and a small one is not blown up. */
const FIT = { minZoom: 0.8, maxZoom: 1, padding: 0.08 };
/** The drawing's height: the laid-out graph at its fitted zoom, within these bounds. */
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 640;
/** Room above a subgraph's nodes for its name. */
const LABEL = 22;
/** Kinds that run more inside them (a call's child run, an agent's loop of model and tool calls): drawn as boxes. */
const BOXED = new Set(['call', 'agent']);

type Graph = NonNullable<SkillDetail['graph']>;

/** The flow id of a subgraph's box (apart from node ids, which may look like subgraph names). */
const boxId = (group: string) => `group:${group}`;

/** A subgraph's box: its name at the top; the edges from the nodes that run it end on it. */
function GroupBox({ data }: NodeProps<Node<{ label: string }>>) {
  return (
    <>
      <Handle type="target" position={Position.Top} />
      <div className="group-label">{data.label}</div>
    </>
  );
}

const NODE_TYPES = { box: GroupBox };
const EDGE_TYPES = { routed: RoutedEdge };

/**
 * Node positions from dagre, top to bottom, each subgraph a cluster: its box is laid out with its
 * nodes inside, and placed as if its callers led to its entry node.
 */
function layout(graph: Graph): { nodes: Node[]; edges: Edge[]; height: number } {
  const g = new dagre.graphlib.Graph({ compound: true });
  const groups = graph.groups ?? [];
  // With subgraphs dagre puts a rank for their borders between every two ranks of nodes.
  g.setGraph({ rankdir: 'TB', nodesep: 30, edgesep: 20, ranksep: groups.length ? 16 : 40 });
  g.setDefaultEdgeLabel(() => ({}));
  const known = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const e of graph.edges)
    for (const id of [e.from, e.to])
      if (!known.has(id)) known.set(id, { id, kind: 'end', label: id.replace(/^__(.*)__$/, '$1') });
  for (const group of groups) g.setNode(boxId(group.id), {});
  for (const n of known.values()) {
    g.setNode(n.id, { width: WIDTH, height: HEIGHT });
    if (n.group) g.setParent(n.id, boxId(n.group));
  }
  // A labelled edge gets room for its label between the ranks.
  for (const e of graph.edges)
    g.setEdge(
      e.from,
      e.to,
      e.label ? { width: Math.min(e.label.length, 48) * 7, height: 18, labelpos: 'c' } : {},
    );
  for (const group of groups) for (const caller of group.callers) g.setEdge(caller, group.entry);
  dagre.layout(g);
  const boxes = new Map(
    groups.map((group) => {
      const b = g.node(boxId(group.id));
      return [group.id, { x: b.x - b.width / 2, y: b.y - b.height / 2 - LABEL }] as const;
    }),
  );
  const nodes: Node[] = groups.map((group) => {
    const b = g.node(boxId(group.id));
    return {
      id: boxId(group.id),
      type: 'box',
      position: boxes.get(group.id)!,
      data: { label: group.label },
      ariaLabel: `${group.kind} ${group.label}`,
      className: 'group-box',
      style: { width: b.width, height: b.height + LABEL },
      draggable: false,
      connectable: false,
      selectable: false,
    };
  });
  for (const n of known.values()) {
    const p = g.node(n.id);
    const box = n.group ? boxes.get(n.group) : undefined;
    nodes.push({
      id: n.id,
      position: { x: p.x - WIDTH / 2 - (box?.x ?? 0), y: p.y - HEIGHT / 2 - (box?.y ?? 0) },
      ...(n.group ? { parentId: boxId(n.group) } : {}),
      data: { label: n.kind === 'end' ? n.label : `${shortName(n.id, n.group)} · ${n.label}` },
      className: `node kind-${n.kind}${BOXED.has(n.kind) ? ' boxed' : ''}`,
      style: { width: WIDTH },
      draggable: false,
      connectable: false,
    });
  }
  const edges: Edge[] = graph.edges.map((e, i): Routed => {
    // dagre's route: its first and last points are on the nodes' borders, where the handles are drawn instead.
    const route = g.edge(e.from, e.to) as { points?: XY[]; x?: number; y?: number } | undefined;
    return {
      id: `e${i}`,
      type: 'routed',
      source: e.from,
      target: e.to,
      className: `edge-${e.kind}`,
      style: e.kind === 'next' ? undefined : { strokeDasharray: '6 4' },
      label: e.label,
      data: {
        bends: route?.points?.slice(1, -1) ?? [],
        ...(e.label && route?.x !== undefined ? { labelAt: { x: route.x, y: route.y! } } : {}),
      },
    };
  });
  for (const group of groups)
    for (const caller of group.callers)
      edges.push({
        id: `runs-${caller}-${group.id}`,
        source: caller,
        target: boxId(group.id),
        className: 'edge-runs',
        style: { strokeDasharray: '2 4' },
        label: 'runs',
      });
  return { nodes, edges, height: g.graph().height ?? 0 };
}

/**
 * A skill's graph: nodes by kind, routes dashed, edges labelled with when they are taken, calls boxed,
 * subgraphs in labelled boxes; with `states`, each node's state in a run. It fits the drawing at a zoom
 * that keeps the text readable (a big graph can be dragged to see the rest) and takes only the height
 * the graph needs.
 */
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
      laid.nodes.map((n) =>
        n.type === 'box'
          ? n
          : {
              ...n,
              className: `${n.className} ${states[n.id] ? `state-${states[n.id]}` : ''}`,
              ariaLabel: `${n.parentId ? n.id : shortName(n.id)}${states[n.id] ? `: ${states[n.id]}` : ''}`,
            },
      ),
    [laid, states],
  );
  const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, laid.height * FIT.maxZoom + 48));
  return (
    <div className="graph" role="figure" aria-label="Graph" style={{ height }}>
      <ReactFlow
        nodes={nodes}
        edges={laid.edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        fitView
        fitViewOptions={FIT}
        minZoom={0.3}
        maxZoom={2}
        preventScrolling={false}
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

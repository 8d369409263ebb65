import type { Graph } from '../ir/graph.js';
import type { Skill } from '../ir/skill.js';
import { describeNode } from './mermaid.js';
import { viewEdges, type ViewEdge } from './view-edges.js';

/** A node of the view; `group` names the subgraph it belongs to (absent: the main graph). */
export interface GraphViewNode {
  id: string;
  kind: string;
  label: string;
  group?: string;
}

/** A subgraph drawn as a box: its name, its entry node, and the `call` nodes that run it. */
export interface GraphViewGroup {
  id: string;
  label: string;
  kind: 'subgraph';
  entry: string;
  callers: string[];
}

/**
 * A skill's graph for a client to draw: the main graph's nodes with a short label, edges with their
 * kind and, where known, when they are taken (conditions, route choices; exclusive steps as branches,
 * see view-edges.ts), and, when the skill has subgraphs, each one's nodes (marked with their `group`)
 * and edges too.
 */
export interface GraphView {
  entry: string;
  nodes: GraphViewNode[];
  edges: ViewEdge[];
  /** Only when the skill has subgraphs. */
  groups?: GraphViewGroup[];
}

/** The graph view of an executable skill; undefined for a document skill. */
export function graphView(skill: Skill): GraphView | undefined {
  if (!skill.graph) return undefined;
  const view: GraphView = { entry: skill.graph.entry, nodes: [], edges: [] };
  const taken = new Set<string>();
  const calls: [caller: string, graph: string][] = [];
  addGraph(view, skill.graph, taken, calls);
  const subgraphs = Object.entries(skill.subgraphs ?? {});
  if (!subgraphs.length) return view;
  view.groups = subgraphs.map(([name, graph]) => ({
    id: name,
    label: name,
    kind: 'subgraph',
    entry: addGraph(view, graph, taken, calls, name).get(graph.entry) ?? graph.entry,
    callers: [],
  }));
  for (const [caller, name] of calls) view.groups.find((g) => g.id === name)?.callers.push(caller);
  return view;
}

/**
 * Adds a graph's nodes and edges to the view, and its `call` nodes that run a subgraph to `calls`; a
 * subgraph node whose id is already taken is named `group:id`. Answers the ids given to its nodes.
 */
function addGraph(
  view: GraphView,
  graph: Graph,
  taken: Set<string>,
  calls: [string, string][],
  group?: string,
): Map<string, string> {
  const ids = new Map<string, string>();
  for (const n of graph.nodes) {
    const id = taken.has(n.id) ? `${group}:${n.id}` : n.id;
    taken.add(id);
    ids.set(n.id, id);
    view.nodes.push({ id, kind: n.kind, label: describeNode(n), ...(group ? { group } : {}) });
    if (n.kind === 'call' && 'graph' in n.target) calls.push([id, n.target.graph]);
  }
  for (const e of viewEdges(graph))
    view.edges.push({ ...e, from: ids.get(e.from) ?? e.from, to: ids.get(e.to) ?? e.to });
  return ids;
}

import type { Graph } from '../ir/graph.js';
import type { Node } from '../ir/nodes.js';

/** A graph prepared for scheduling: indexes, edges both ways, a topological order and ancestor sets. */
export interface GraphPlan {
  nodes: readonly Node[];
  index: ReadonlyMap<string, number>;
  preds: readonly number[][];
  succs: readonly number[][];
  /** Node indexes in a topological order that keeps declaration order where the edges allow. */
  order: readonly number[];
  /** Each node's position in `order`: ready nodes start in this order. */
  rank: Int32Array;
  /** For each node, its ancestors (bit i set = node i is an ancestor). */
  ancestors: readonly Uint32Array[];
  entry: number;
}

const plans = new WeakMap<Graph, GraphPlan>();

/** Prepares a graph once; later calls with the same graph reuse the plan. */
export function planGraph(graph: Graph): GraphPlan {
  let plan = plans.get(graph);
  if (!plan) {
    plan = buildPlan(graph);
    plans.set(graph, plan);
  }
  return plan;
}

function buildPlan(graph: Graph): GraphPlan {
  const n = graph.nodes.length;
  const index = new Map(graph.nodes.map((node, i) => [node.id, i]));
  const preds: number[][] = graph.nodes.map(() => []);
  const succs: number[][] = graph.nodes.map(() => []);
  for (const e of graph.edges) {
    const from = index.get(e.from);
    const to = index.get(e.to);
    if (from === undefined || to === undefined)
      throw new Error(`graph edge ${e.from} → ${e.to} names an unknown node`);
    if (!succs[from].includes(to)) {
      succs[from].push(to);
      preds[to].push(from);
    }
  }
  const order = topologicalOrder(preds, succs);
  if (order.length !== n) throw new Error('graph has a cycle');
  const words = Math.ceil(n / 32) || 1;
  const ancestors = graph.nodes.map(() => new Uint32Array(words));
  for (const i of order)
    for (const p of preds[i]) {
      const a = ancestors[i];
      const pa = ancestors[p];
      for (let w = 0; w < words; w++) a[w] |= pa[w];
      a[p >> 5] |= 1 << (p & 31);
    }
  const entry = index.get(graph.entry);
  if (entry === undefined) throw new Error(`graph entry "${graph.entry}" is not a node`);
  const rank = new Int32Array(n);
  order.forEach((i, position) => (rank[i] = position));
  return { nodes: graph.nodes, index, preds, succs, order, rank, ancestors, entry };
}

/** Kahn's algorithm, always taking the earliest-declared ready node, so the order is stable. */
function topologicalOrder(preds: number[][], succs: number[][]): number[] {
  const remaining = preds.map((p) => p.length);
  const ready: number[] = [];
  remaining.forEach((r, i) => r === 0 && ready.push(i));
  const order: number[] = [];
  while (ready.length) {
    ready.sort((a, b) => a - b);
    const i = ready.shift()!;
    order.push(i);
    for (const s of succs[i]) if (--remaining[s] === 0) ready.push(s);
  }
  return order;
}

/** Whether node `a` is an ancestor of node `b`. */
export function isAncestor(plan: GraphPlan, a: number, b: number): boolean {
  return (plan.ancestors[b][a >> 5] & (1 << (a & 31))) !== 0;
}

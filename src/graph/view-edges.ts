import type { Graph } from '../ir/graph.js';
import type { Node } from '../ir/nodes.js';
import { cut, routeLabels } from './route-labels.js';

/** An edge as a view draws it; `label` says when it is taken, where that is known. */
export interface ViewEdge {
  from: string;
  to: string;
  /** `next`: taken unless a condition says otherwise; `route`: when the route chooses it; `fallback`: the route's fallback. */
  kind: 'next' | 'route' | 'fallback';
  label?: string;
}

/**
 * A graph's edges for drawing: a route's edges labelled with what leads to each target, the edges into a
 * guarded node with its condition (`when confirm == true`), and a run of guarded steps of which at most
 * one can run (each tests one value for the same path: `confirm == true`, `confirm == false`) drawn as
 * branches from the step before to the step after, with an "otherwise" edge past them unless their
 * values cover true and false.
 */
export function viewEdges(graph: Graph): ViewEdge[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  let edges: ViewEdge[] = graph.edges.map((e) => {
    const from = byId.get(e.from);
    if (from?.kind !== 'route') return { from: e.from, to: e.to, kind: 'next' };
    if (from.fallback.includes(e.to)) return { from: e.from, to: e.to, kind: 'fallback', label: 'fallback' };
    const label = routeLabels(from).get(e.to);
    return { from: e.from, to: e.to, kind: 'route', ...(label ? { label } : {}) };
  });
  const branched = new Set<string>();
  for (const node of graph.nodes) {
    if (branched.has(node.id)) continue;
    const run = exclusiveRun(node, edges, byId);
    if (run.length < 2) continue;
    for (const n of run) branched.add(n.id);
    edges = branch(run, edges);
  }
  return edges.map((e) => {
    const guard = byId.get(e.to)?.guard;
    return e.label || !guard || e.kind !== 'next' ? e : { ...e, label: cut(`when ${guard.source}`) };
  });
}

/**
 * The guarded steps that follow `first` one after another (each the only successor of the one before,
 * with no other way in) whose conditions choose values of one path, none chosen twice.
 */
function exclusiveRun(first: Node, edges: readonly ViewEdge[], byId: Map<string, Node>): Node[] {
  const choice = first.guard?.choice;
  if (!choice || edges.filter((e) => e.to === first.id).length !== 1) return [];
  const run = [first];
  const values = new Set(choice.values);
  for (;;) {
    const out = edges.filter((e) => e.from === run[run.length - 1].id);
    const next = out.length === 1 && out[0].kind === 'next' ? byId.get(out[0].to) : undefined;
    const c = next?.guard?.choice;
    if (!next || !c || c.path !== choice.path || c.values.some((v) => values.has(v))) return run;
    if (edges.filter((e) => e.to === next.id).length !== 1) return run;
    for (const v of c.values) values.add(v);
    run.push(next);
  }
}

/** Redraws a run of exclusive steps as branches between the step before it and the step after it. */
function branch(run: readonly Node[], edges: readonly ViewEdge[]): ViewEdge[] {
  const ids = new Set(run.map((n) => n.id));
  const last = run[run.length - 1].id;
  const before = edges.find((e) => e.to === run[0].id)!.from;
  const after = edges.find((e) => e.from === last)?.to;
  const values = new Set(run.flatMap((n) => n.guard!.choice!.values));
  const branches: ViewEdge[] = [];
  for (const n of run) {
    branches.push({ from: before, to: n.id, kind: 'next', label: cut(`when ${n.guard!.source}`) });
    if (after) branches.push({ from: n.id, to: after, kind: 'next' });
  }
  if (after && !(values.has(true) && values.has(false)))
    branches.push({ from: before, to: after, kind: 'next', label: 'otherwise' });
  // In place of the edges they replace, so the edges keep the order of the steps.
  const first = edges.findIndex((e) => ids.has(e.to) || ids.has(e.from));
  const others = (e: ViewEdge) => !ids.has(e.to) && !ids.has(e.from);
  return [...edges.slice(0, first).filter(others), ...branches, ...edges.slice(first).filter(others)];
}

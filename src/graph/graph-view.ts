import type { Skill } from '../ir/skill.js';
import { describeNode } from './mermaid.js';

/** A skill's main graph for a client to draw: nodes with a short label, edges with their kind. */
export interface GraphView {
  entry: string;
  nodes: { id: string; kind: string; label: string }[];
  /** `next`: always taken; `route`: taken when the route chooses it; `fallback`: the route's fallback. */
  edges: { from: string; to: string; kind: 'next' | 'route' | 'fallback' }[];
}

/** The graph view of an executable skill; undefined for a document skill. */
export function graphView(skill: Skill): GraphView | undefined {
  const graph = skill.graph;
  if (!graph) return undefined;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return {
    entry: graph.entry,
    nodes: graph.nodes.map((n) => ({ id: n.id, kind: n.kind, label: describeNode(n) })),
    edges: graph.edges.map((e) => {
      const from = byId.get(e.from);
      const kind = from?.kind !== 'route' ? 'next' : from.fallback.includes(e.to) ? 'fallback' : 'route';
      return { from: e.from, to: e.to, kind };
    }),
  };
}

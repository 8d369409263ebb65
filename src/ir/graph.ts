import type { Node } from './nodes.js';

export interface Edge {
  from: string;
  to: string;
}

/**
 * A directed acyclic graph of nodes. A node runs once every activated predecessor has finished;
 * a node with a false guard is skipped and lets the flow through; a successor that a `route` did not
 * choose is dead, and so is everything reachable only through dead nodes.
 */
export interface Graph {
  nodes: readonly Node[];
  edges: readonly Edge[];
  entry: string;
}

/** Builds a chain graph: each node follows the one before it. */
export function chain(nodes: readonly Node[]): Graph {
  const edges: Edge[] = [];
  for (let i = 1; i < nodes.length; i++) edges.push({ from: nodes[i - 1].id, to: nodes[i].id });
  return { nodes, edges, entry: nodes[0]?.id ?? '' };
}

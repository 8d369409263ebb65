import type { ContainerDecl } from '../declarations.js';
import type { CompiledNode } from '../nodes/index.js';

/** One graph being assembled: the main graph or a subgraph, with edges by member index. */
export interface GraphDraft {
  /** The subgraph's path, or `/main` for the main graph. */
  name: string;
  container?: ContainerDecl;
  members: CompiledNode[];
  /** Member index by full path. */
  index: Map<string, number>;
  succ: number[][];
  pred: number[][];
  entry?: number;
  /** Whether a node or a reference of the graph has errors: checks of its flow would only repeat them. */
  broken: boolean;
}

/** A new, edgeless draft. */
export function newDraft(name: string, container?: ContainerDecl): GraphDraft {
  return { name, container, members: [], index: new Map(), succ: [], pred: [], broken: false };
}

/** Adds a member node. */
export function addMember(draft: GraphDraft, node: CompiledNode): void {
  draft.index.set(node.decl.path, draft.members.length);
  if (node.broken) draft.broken = true;
  draft.members.push(node);
  draft.succ.push([]);
  draft.pred.push([]);
}

/** Adds an edge once. */
export function addEdge(draft: GraphDraft, from: number, to: number): void {
  if (draft.succ[from].includes(to)) return;
  draft.succ[from].push(to);
  draft.pred[to].push(from);
}

/** The members a node can be reached from (its ancestors). */
export function ancestorsOf(draft: GraphDraft, i: number): Set<number> {
  const seen = new Set<number>();
  const stack = [...draft.pred[i]];
  while (stack.length) {
    const p = stack.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    stack.push(...draft.pred[p]);
  }
  return seen;
}

/** The members reachable from `start`, itself included. */
export function reachableFrom(draft: GraphDraft, start: number): Set<number> {
  const seen = new Set<number>([start]);
  const stack = [start];
  while (stack.length)
    for (const s of draft.succ[stack.pop()!])
      if (!seen.has(s)) {
        seen.add(s);
        stack.push(s);
      }
  return seen;
}

/** A cycle as member indexes (first repeated at the end), or undefined when the graph is acyclic. */
export function findCycle(draft: GraphDraft): number[] | undefined {
  const state = new Uint8Array(draft.members.length);
  const stack: number[] = [];
  const visit = (i: number): number[] | undefined => {
    state[i] = 1;
    stack.push(i);
    for (const s of draft.succ[i]) {
      if (state[s] === 1) return [...stack.slice(stack.indexOf(s)), s];
      if (state[s] === 0) {
        const found = visit(s);
        if (found) return found;
      }
    }
    stack.pop();
    state[i] = 2;
    return undefined;
  };
  for (let i = 0; i < draft.members.length; i++)
    if (state[i] === 0) {
      const found = visit(i);
      if (found) return found;
    }
  return undefined;
}

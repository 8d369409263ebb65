import type { Declarations } from '../declarations.js';
import type { CompiledNode } from '../nodes/index.js';
import { addMember, newDraft, type GraphDraft } from './draft.js';

/** The main graph and the subgraphs, each with its member nodes in the order written. */
export interface Partition {
  main: GraphDraft;
  subgraphs: GraphDraft[];
  /** The graph each node path belongs to. */
  graphOf: Map<string, GraphDraft>;
}

/** The main graph's name (and the path of its subgraph block, when it has one). */
export const MAIN = '/main';

/**
 * Puts each node in a graph: the subgraph it was declared in, or whose path its own path extends
 * (`/auth/check` joins `/auth`); other nodes form the main graph, with the `/main` subgraph when there is
 * one. Without free nodes or a `/main` subgraph, the first subgraph declared is the main graph.
 */
export function partition(compiled: readonly CompiledNode[], decls: Declarations): Partition {
  const drafts = new Map<string, GraphDraft>(decls.containers.map((c) => [c.path, newDraft(c.path, c)]));
  const byLength = [...decls.containers].sort((a, b) => b.path.length - a.path.length);
  const free = newDraft(MAIN);
  const graphOf = new Map<string, GraphDraft>();
  for (const c of compiled) {
    const container = c.decl.container ?? byLength.find((k) => c.decl.path.startsWith(`${k.path}/`));
    const draft = container ? drafts.get(container.path)! : (drafts.get(MAIN) ?? free);
    addMember(draft, c);
    graphOf.set(c.decl.path, draft);
  }
  const main =
    drafts.get(MAIN) ??
    (free.members.length || !decls.containers.length ? free : drafts.get(decls.containers[0].path)!);
  return { main, subgraphs: [...drafts.values()].filter((d) => d !== main), graphOf };
}

import type { RouteNode } from '../../../ir/nodes.js';
import type { Declarations } from '../declarations.js';
import { localId, namespaceOf } from '../paths.js';
import type { Reporter } from '../reporter.js';
import { addEdge, ancestorsOf, type GraphDraft } from './draft.js';
import { target } from './edges.js';
import type { Partition } from './partition.js';

/**
 * Gives each dynamic_next its possible successors: the nodes of its graph that nothing else leads to
 * (nodes only a resolver can choose), those its `next` lists, and its `fallback_next`, minus its own
 * ancestors. Each gets an edge, so the scheduler can skip the ones not chosen, and a name in the route's
 * targets: its full path, and its local id when it is in the route's namespace.
 */
export function addRouteEdges(
  draft: GraphDraft,
  parts: Partition,
  decls: Declarations,
  report: Reporter,
): void {
  const orphans = draft.members
    .map((_, i) => i)
    .filter((i) => i !== draft.entry && draft.pred[i].length === 0);
  draft.members.forEach((m, i) => {
    if (m.decl.type !== 'dynamic_next') return;
    const namespace = namespaceOf(m.decl.path);
    const fallback = m.fallback
      .map((r) => target(r, namespace, draft, parts, decls, report, 'fallback_next', m.decl))
      .filter((t) => t !== undefined);
    const ancestors = ancestorsOf(draft, i);
    const candidates = [...new Set([...orphans, ...draft.succ[i], ...fallback])].filter(
      (c) => c !== i && !ancestors.has(c),
    );
    for (const c of candidates) addEdge(draft, i, c);
    const targets: Record<string, string> = {};
    for (const c of candidates) {
      const path = draft.members[c].decl.path;
      targets[path] = path;
      if (namespaceOf(path) === namespace) targets[localId(path)] = path;
    }
    if (!candidates.length)
      report.error(
        'route-without-targets',
        `dynamic_next \`${m.decl.path}\` has no node to choose: declare the nodes its resolver may return (nodes that no next leads to, in ${namespace || '/'}), or give it fallback_next`,
        m.decl.offset,
      );
    if (m.node?.kind !== 'route') return;
    const route: RouteNode = {
      ...m.node,
      targets,
      fallback: fallback.map((f) => draft.members[f].decl.path),
    };
    m.node = route;
  });
}

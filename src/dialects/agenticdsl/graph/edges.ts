import type { Declarations, NodeDecl, Ref } from '../declarations.js';
import { localId, namespaceOf, resolvePath } from '../paths.js';
import type { Reporter } from '../reporter.js';
import { didYouMean } from '../../kit/did-you-mean.js';
import { isSystemPath, systemNode } from '../system-nodes.js';
import { addEdge, addMember, type GraphDraft } from './draft.js';
import type { Partition } from './partition.js';

/**
 * Adds the edges that `next`, `wait_for` and a subgraph's `edges` declare. A node's edges in its
 * subgraph's `edges` list win over its own `next` (a `next` that says otherwise gets a warning). A
 * `wait_for` node must finish before the waiting one starts; a resource there is ready from the start.
 * References resolve in the writer's namespace; one that names no node of the same graph is reported
 * with what it does name. The engine's built-in targets (`/__system__/noop`, …) join the graph when named.
 */
export function addStaticEdges(
  draft: GraphDraft,
  parts: Partition,
  decls: Declarations,
  report: Reporter,
): void {
  const fromEdges = new Map<number, Ref[]>();
  const container = draft.container;
  for (const e of container?.edges ?? []) {
    const from = target(e.from, container!.path, draft, parts, decls, report, 'edge from');
    if (from === undefined) continue;
    fromEdges.set(from, [...(fromEdges.get(from) ?? []), e.to]);
  }
  const members = [...draft.members];
  members.forEach((m, i) => {
    for (const r of m.waitFor) {
      const path = resolvePath(r.text, namespaceOf(m.decl.path));
      if (decls.paths.get(path)?.kind === 'resource') continue;
      const from = target(r, namespaceOf(m.decl.path), draft, parts, decls, report, 'wait_for', m.decl);
      if (from !== undefined) addEdge(draft, from, i);
    }
    const declared = fromEdges.get(i);
    if (declared) {
      const viaEdges = declared.map((r) => resolvePath(r.text, container!.path)).sort();
      const viaNext = m.next.map((r) => resolvePath(r.text, namespaceOf(m.decl.path))).sort();
      if (m.next.length && viaNext.join() !== viaEdges.join())
        report.warn(
          'ignored-next',
          `next of \`${m.decl.path}\` is ignored: the subgraph's edges win and lead from it to ${viaEdges.join(', ')}; make them agree`,
          m.next[0].start,
          m.next.at(-1)!.end,
        );
      for (const r of declared) {
        const to = target(r, container!.path, draft, parts, decls, report, 'edge to', m.decl);
        if (to !== undefined) addEdge(draft, i, to);
      }
      return;
    }
    for (const r of m.next) {
      const to = target(r, namespaceOf(m.decl.path), draft, parts, decls, report, 'next', m.decl);
      if (to !== undefined) addEdge(draft, i, to);
    }
  });
}

/** The member a reference names, or undefined after reporting what it names instead. */
export function target(
  ref: Ref,
  namespace: string,
  draft: GraphDraft,
  parts: Partition,
  decls: Declarations,
  report: Reporter,
  field: string,
  from?: NodeDecl,
): number | undefined {
  const path = resolvePath(ref.text, namespace);
  const found = draft.index.get(path);
  if (found !== undefined) return found;
  if (isSystemPath(path) && from) {
    addMember(draft, systemNode(path, from));
    return draft.index.get(path);
  }
  draft.broken = true;
  if (decls.unreadable.has(path)) return undefined;
  const elsewhere = parts.graphOf.get(path);
  const kind = decls.paths.get(path)?.kind;
  let message: string;
  if (elsewhere)
    message = `${field} \`${ref.text}\` is a node of ${elsewhere === parts.main ? 'the main graph' : `subgraph ${elsewhere.name}`}, and a node can only lead to nodes of its own graph${elsewhere !== parts.main ? `; to run that subgraph, add a node {type: codelet_call, codelet: ${elsewhere.name}}` : ''}`;
  else if (kind === 'subgraph')
    message = `${field} \`${ref.text}\` is a subgraph; to run it and continue afterwards, add a node {type: codelet_call, codelet: ${path}, next: [...]} and point ${field} at that node`;
  else if (kind === 'codelet')
    message = `${field} \`${ref.text}\` is a codelet; to run it, add a node {type: codelet_call, codelet: ${path}} and point ${field} at that node`;
  else if (kind) message = `${field} \`${ref.text}\` is a ${kind}, not a node`;
  else {
    const candidates = draft.members.flatMap((m) => [m.decl.path, localId(m.decl.path)]);
    message = `${field} \`${ref.text}\` (${path}) is not a node of this graph${didYouMean(ref.text, candidates)}; its nodes: ${draft.members.map((m) => m.decl.path).join(', ')}`;
  }
  report.error('unknown-target', message, ref.start, ref.end);
  return undefined;
}

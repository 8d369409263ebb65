import type { Graph } from '../../../ir/graph.js';
import type { Node } from '../../../ir/nodes.js';
import type { Declarations } from '../declarations.js';
import type { Meta } from '../meta.js';
import type { CompiledNode } from '../nodes/index.js';
import type { Reporter } from '../reporter.js';
import { checkGraph, chooseEntry } from './checks.js';
import type { GraphDraft } from './draft.js';
import { addStaticEdges } from './edges.js';
import { finishSoftEnds } from './soft-ends.js';
import { partition } from './partition.js';
import { addRouteEdges } from './routes.js';

/** The graphs of a file: the main one and the subgraphs by path. */
export interface BuiltGraphs {
  main?: Graph;
  subgraphs: Record<string, Graph>;
}

/** Partitions the nodes into graphs, adds their edges, checks each graph, and builds the IR graphs. */
export function buildGraphs(
  compiled: readonly CompiledNode[],
  decls: Declarations,
  meta: Meta,
  report: Reporter,
): BuiltGraphs {
  const parts = partition(compiled, decls);
  const drafts = [parts.main, ...parts.subgraphs];
  for (const d of drafts) addStaticEdges(d, parts, decls, report);
  for (const d of drafts) {
    chooseEntry(d, parts, decls, meta, report);
    addRouteEdges(d, parts, decls, report);
    if (d.members.length) {
      checkGraph(d, report);
      finishSoftEnds(d);
    } else if (d !== parts.main || !parts.subgraphs.length)
      report.error(
        'no-nodes',
        `${d === parts.main ? 'the file declares no nodes' : `subgraph ${d.name} has no nodes`}; add nodes, e.g. a /main subgraph: {graph_type: subgraph, entry: start, nodes: [{id: start, type: start, next: [done]}, {id: done, type: end}]}`,
        d.container?.offset ?? 0,
      );
  }
  checkCalls(drafts, report);
  if (report.failed) return { subgraphs: {} };
  const subgraphs: Record<string, Graph> = {};
  for (const d of parts.subgraphs) if (d.members.length) subgraphs[d.name] = toGraph(d);
  return { main: parts.main.members.length ? toGraph(parts.main) : undefined, subgraphs };
}

/** A subgraph that (through others) runs itself would never end: the first such circle is reported. */
function checkCalls(drafts: readonly GraphDraft[], report: Reporter): void {
  const byName = new Map(drafts.map((d) => [d.name, d]));
  for (const start of drafts) {
    const stack: { draft: GraphDraft; trail: string[] }[] = [{ draft: start, trail: [start.name] }];
    const seen = new Set<string>();
    while (stack.length) {
      const { draft, trail } = stack.pop()!;
      for (const m of draft.members) {
        if (!m.calls) continue;
        if (m.calls === start.name) {
          report.error(
            'cycle',
            `subgraph calls go round in a circle: ${[...trail, m.calls].join(' → ')}; a subgraph cannot run itself`,
            m.decl.offset,
          );
          return;
        }
        const next = byName.get(m.calls);
        if (next && !seen.has(m.calls)) {
          seen.add(m.calls);
          stack.push({ draft: next, trail: [...trail, m.calls] });
        }
      }
    }
  }
}

function toGraph(d: GraphDraft): Graph {
  const nodes: Node[] = d.members.map((m) => m.node!);
  const edges = d.members.flatMap((m, i) =>
    d.succ[i].map((s) => ({ from: m.decl.path, to: d.members[s].decl.path })),
  );
  return { nodes, edges, entry: d.members[d.entry ?? 0].decl.path };
}

import type { Declarations, Ref } from '../declarations.js';
import { EXAMPLES } from '../examples.js';
import type { Meta } from '../meta.js';
import type { Reporter } from '../reporter.js';
import { findCycle, reachableFrom, type GraphDraft } from './draft.js';
import { target } from './edges.js';
import type { Partition } from './partition.js';

/**
 * Picks a graph's entry: `/__meta__` entry_point (main graph only), else the subgraph's `entry`, else
 * its first start node, else its first node that nothing leads to. A subgraph's `exit`, documentation
 * only (its end nodes finish it), must name one of its nodes.
 */
export function chooseEntry(
  draft: GraphDraft,
  parts: Partition,
  decls: Declarations,
  meta: Meta,
  report: Reporter,
): void {
  const written: Ref | undefined =
    (draft === parts.main ? meta.entryPoint : undefined) ?? draft.container?.entry;
  const exit = draft.container?.exit;
  if (exit && draft.members.length) target(exit, draft.container!.path, draft, parts, decls, report, 'exit');
  if (written && draft.members.length) {
    const found = target(written, draft.container?.path ?? '', draft, parts, decls, report, 'entry');
    if (found !== undefined) draft.entry = found;
    return;
  }
  const start = draft.members.findIndex((m) => m.decl.type === 'start');
  const first = draft.members.findIndex((_, i) => draft.pred[i].length === 0);
  draft.entry = start !== -1 ? start : first !== -1 ? first : undefined;
  if (draft.entry === undefined && draft.members.length)
    report.error(
      'missing-entry',
      `graph ${draft.name} has no entry: every node has a predecessor; add a start node, e.g. ${EXAMPLES.start}`,
      draft.members[0].decl.offset,
    );
}

/** Reports what would stop a graph from running as written: cycles, a missing end, an entry with predecessors, unreachable nodes, dead ends. */
export function checkGraph(draft: GraphDraft, report: Reporter): void {
  const cycle = findCycle(draft);
  if (cycle) {
    const path = cycle.map((i) => draft.members[i].decl.path).join(' → ');
    report.error(
      'cycle',
      `these nodes form a cycle: ${path}; a graph runs each node at most once, so it must not loop back: point the last next at a node further on (or at an end node), and repeat work inside a codelet instead`,
      draft.members[cycle.at(-2)!].decl.offset,
    );
  }
  if (!draft.broken && !draft.members.some((m) => m.decl.type === 'end'))
    report.error(
      'missing-end',
      `graph ${draft.name} has no end node; add one and lead the last nodes to it, e.g. ${EXAMPLES.end}`,
      draft.container?.offset ?? draft.members[0].decl.offset,
    );
  const entry = draft.entry;
  if (entry === undefined) return;
  if (draft.pred[entry].length)
    report.error(
      'entry-has-predecessors',
      `the entry \`${draft.members[entry].decl.path}\` has predecessors (${draft.pred[entry].map((p) => draft.members[p].decl.path).join(', ')}); nothing may lead back to the entry`,
      draft.members[entry].decl.offset,
    );
  if (cycle || draft.broken) return;
  const reached = reachableFrom(draft, entry);
  draft.members.forEach((m, i) => {
    if (!reached.has(i))
      report.warn(
        'unreachable',
        `\`${m.decl.path}\` is never reached from the entry \`${draft.members[entry].decl.path}\`; lead a next to it or remove it`,
        m.decl.offset,
      );
    else if (!draft.succ[i].length && m.decl.type !== 'end' && m.decl.type !== 'dynamic_next') {
      if (m.decl.type === 'start')
        report.error(
          'missing-field',
          `start node \`${m.decl.path}\` needs next, e.g. ${EXAMPLES.start}`,
          m.decl.offset,
        );
      else
        report.warn(
          'dead-end',
          `\`${m.decl.path}\` has no next: the flow stops there and its results never reach an end node; add next: [end]`,
          m.decl.offset,
        );
    }
  });
}

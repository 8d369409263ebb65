import { isMap, isSeq, type Node } from 'yaml';
import { EXAMPLES } from './examples.js';
import { didYouMean } from '../kit/did-you-mean.js';
import { pathProblem } from './paths.js';
import type { Reporter } from './reporter.js';
import { keyAt, nodeAt, spanOf } from '../kit/yaml-block.js';
import type { ContainerDecl, Declarations, NodeDecl, Place } from './declaration-types.js';
import { ref, register } from './declaration-refs.js';

const CONTAINER_FIELDS = [
  'graph_type',
  'entry',
  'exit',
  'nodes',
  'edges',
  'metadata',
  'description',
  'name',
  'version',
  'signature',
  'permissions',
  'requires',
  'agent_loop',
  'author',
  'tags',
  'stability',
];

/** Reads a subgraph container: its fields, its nodes (local ids) and its edges. */
export function readContainer(
  out: Declarations,
  path: string,
  offset: number,
  place: Place,
  report: Reporter,
): void {
  const { fields, block, map } = place;
  for (const key of Object.keys(fields))
    if (!CONTAINER_FIELDS.includes(key))
      report.warn(
        'unknown-field',
        `subgraphs have no field "${key}"; it is ignored${didYouMean(key, CONTAINER_FIELDS)} (fields: graph_type, entry, exit, nodes, edges, metadata)`,
        ...spanOf(block, keyAt(map, key)),
      );
  if (fields.graph_type !== 'subgraph')
    report.error(
      'bad-field',
      fields.graph_type === undefined
        ? `a block with nodes declares a subgraph and needs graph_type: subgraph, e.g. ${EXAMPLES.subgraph}`
        : `graph_type must be subgraph, e.g. ${EXAMPLES.subgraph}`,
      ...spanOf(
        block,
        fields.graph_type === undefined ? keyAt(map, 'nodes') : nodeAt(block, ['graph_type']),
        offset,
      ),
    );
  if (!register(out, path, 'subgraph', offset, report)) return;
  const container: ContainerDecl = { path, place, offset, nodes: [] };
  out.containers.push(container);
  if (fields.exit !== undefined)
    container.exit = ref(block, nodeAt(block, ['exit']), fields.exit, 'exit', report);
  if (fields.entry !== undefined)
    container.entry = ref(block, nodeAt(block, ['entry']), fields.entry, 'entry', report);
  const nodes = nodeAt(block, ['nodes']);
  if (!isSeq(nodes)) {
    report.error(
      'missing-field',
      `subgraph \`${path}\` needs a nodes list, e.g. ${EXAMPLES.subgraph}`,
      ...spanOf(block, nodes ?? keyAt(map, 'graph_type'), offset),
    );
    return;
  }
  nodes.items.forEach((item, i) => {
    const value = (fields.nodes as unknown[])[i];
    if (!isMap(item) || typeof value !== 'object' || value === null) {
      report.error(
        'bad-field',
        `each entry of nodes is a mapping with an id and a type, e.g. {id: ask, type: llm_call, prompt_template: "…"}`,
        ...spanOf(block, item as Node),
      );
      return;
    }
    const node: Place = { block, map: item, fields: value as Record<string, unknown> };
    const id = node.fields.id;
    const [idStart, idEnd] = spanOf(block, nodeAt(block, ['id'], item) ?? item);
    if (typeof id !== 'string' && typeof id !== 'number') {
      report.error(
        'missing-field',
        `this node has no id; give each node of a subgraph a local id, e.g. {id: ask_user, type: llm_call, prompt_template: "…"}`,
        idStart,
        idEnd,
      );
      return;
    }
    const local = String(id);
    if (local.includes('/')) {
      report.error(
        'bad-path',
        `node ids inside a subgraph are local (no /): write id: ${local.slice(local.lastIndexOf('/') + 1)}; the node's path is then ${path}/${local.slice(local.lastIndexOf('/') + 1)}`,
        idStart,
        idEnd,
      );
      return;
    }
    if (pathProblem(`/${local}`))
      return void report.error(
        'bad-path',
        `id "${local}" may hold only letters, digits, _ and -, e.g. id: ask_user`,
        idStart,
        idEnd,
      );
    const type = node.fields.type;
    if (typeof type !== 'string') {
      report.error(
        'missing-type',
        `node "${local}" has no type; add one, e.g. {id: ${local}, type: llm_call, prompt_template: "…", next: [end]}`,
        idStart,
        idEnd,
      );
      return;
    }
    const full = `${path}/${local}`;
    if (!register(out, full, 'node', idStart, report)) return;
    const decl: NodeDecl = { path: full, type, place: node, offset: idStart, container };
    container.nodes.push(decl);
    out.nodes.push(decl);
  });
  if (fields.edges !== undefined) {
    const edges = nodeAt(block, ['edges']);
    container.edges = [];
    if (!isSeq(edges))
      return void report.error(
        'bad-field',
        'edges is a list of {from: a, to: b}',
        ...spanOf(block, edges, offset),
      );
    edges.items.forEach((item, i) => {
      const e = (fields.edges as unknown[])[i] as Record<string, unknown> | null;
      const from = e && ref(block, nodeAt(block, ['from'], item as Node), e.from, 'from', report);
      const to = e && ref(block, nodeAt(block, ['to'], item as Node), e.to, 'to', report);
      if (from && to) container.edges!.push({ from, to });
      else if (!e || e.from === undefined || e.to === undefined)
        report.error(
          'bad-field',
          'each edge is {from: a, to: b} naming two nodes of the subgraph',
          ...spanOf(block, item as Node),
        );
    });
  }
}

import { isMap, isSeq, type Node, type YAMLMap } from 'yaml';
import { EXAMPLES } from './examples.js';
import { findMarkers } from './markers.js';
import { didYouMean } from './suggest.js';
import { META_PATH, pathProblem, withoutSlash } from './paths.js';
import type { Reporter } from './reporter.js';
import type { DslBlock } from './scan.js';
import { keyAt, nodeAt, parseYamlBlock, spanOf, type YamlBlock } from './yaml-block.js';

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

/** A YAML mapping that declares something, with its block for positions. */
export interface Place {
  block: YamlBlock;
  map: YAMLMap;
  fields: Record<string, unknown>;
}

/** A node: a single-node block, or one entry of a subgraph's `nodes`. */
export interface NodeDecl {
  /** Full path, e.g. `/main/ask_user`. */
  path: string;
  type: string;
  place: Place;
  /** File offset of its path (heading) or `id`, for messages. */
  offset: number;
  /** The subgraph it was written in, if any. */
  container?: ContainerDecl;
}

/** A reference to a node written in the file, with its file offsets. */
export interface Ref {
  text: string;
  start: number;
  end: number;
}

/** A subgraph container (`graph_type: subgraph`). */
export interface ContainerDecl {
  path: string;
  place: Place;
  offset: number;
  nodes: NodeDecl[];
  /** Its `edges` list, when it has one. */
  edges?: { from: Ref; to: Ref }[];
  entry?: Ref;
  exit?: Ref;
}

/** A Python codelet. */
export interface CodeletDecl {
  path: string;
  place: Place;
  offset: number;
  source: string;
}

/** A resource, reachable in templates as `resources.<name>`. */
export interface ResourceDecl {
  path: string;
  name: string;
  place: Place;
  offset: number;
}

/** What a path names. */
export type DeclKind = 'node' | 'subgraph' | 'codelet' | 'resource' | 'meta';

/** Everything the blocks of a file declare, in the order written. */
export interface Declarations {
  nodes: NodeDecl[];
  containers: ContainerDecl[];
  codelets: Map<string, CodeletDecl>;
  resources: ResourceDecl[];
  meta?: Place & { offset: number };
  /** Every declared path (containers without their trailing `/`) and where it was declared. */
  paths: Map<string, { kind: DeclKind; offset: number }>;
  /** Paths whose block could not be read (already reported): references to them stay quiet. */
  unreadable: Set<string>;
}

/** Reads every block: markers, heading path, YAML, and what the block declares. */
export function readDeclarations(blocks: readonly DslBlock[], text: string, report: Reporter): Declarations {
  const out: Declarations = {
    nodes: [],
    containers: [],
    codelets: new Map(),
    resources: [],
    paths: new Map(),
    unreadable: new Set(),
  };
  for (const b of blocks) {
    const path = readHeading(b, report);
    const place = readBlock(b, text, report);
    if (path !== undefined && !place) out.unreadable.add(withoutSlash(path));
    if (!place || path === undefined) continue;
    const offset = b.heading!.pathOffset;
    if (path === META_PATH) {
      if (register(out, META_PATH, 'meta', offset, report)) out.meta = { ...place, offset };
      continue;
    }
    classify(out, path, offset, place, report);
  }
  return out;
}

/** The heading's path, or undefined (with an error) when it has none or a bad one. */
function readHeading(b: DslBlock, report: Reporter): string | undefined {
  const h = b.heading;
  if (!h) {
    report.error(
      'missing-heading',
      `this block has AgenticDSL markers but no heading; put a heading naming its path on the line before it: ${EXAMPLES.heading}`,
      b.fence!.offset,
    );
    return undefined;
  }
  if (h.level !== 3)
    report.warn(
      'heading-level',
      `AgenticDSL headings are level 3 (###), this one is level ${h.level}: ${EXAMPLES.heading}`,
      h.offset,
      h.offset + h.level,
    );
  if (h.path === undefined) {
    report.error(
      'heading-path',
      `the heading names no path in backticks (found "${h.rest}"); write ${EXAMPLES.heading}`,
      h.pathOffset,
    );
    return undefined;
  }
  const problem = pathProblem(h.path);
  if (problem) {
    report.error('bad-path', problem, h.pathOffset, h.pathOffset + h.path.length);
    return undefined;
  }
  return h.path;
}

/** The block's YAML mapping, after checking its fence and markers. */
function readBlock(b: DslBlock, text: string, report: Reporter): Place | undefined {
  const f = b.fence;
  if (!f) {
    const h = b.heading!;
    report.error(
      'missing-block',
      `\`${h.path ?? ''}\` is not followed by a \`\`\`yaml block; add one right under the heading with the node's YAML between the markers (${EXAMPLES.markers})`,
      h.offset,
    );
    return undefined;
  }
  if (f.lang !== 'yaml' && f.lang !== 'yml')
    report.warn('block-language', `mark the block as YAML: \`\`\`yaml (found \`\`\`${f.lang})`, f.offset);
  if (!f.closed)
    report.error(
      'unclosed-block',
      'this ```yaml block is never closed; add ``` on its own line after the YAML',
      f.offset,
    );
  const m = findMarkers(f.content);
  if (m.begin === undefined && m.end === undefined)
    report.error(
      'missing-markers',
      `the block has no BEGIN/END markers; ${EXAMPLES.markers}`,
      f.contentOffset,
    );
  else if (m.begin === undefined)
    report.error(
      'missing-begin-marker',
      `the block has no "# --- BEGIN AgenticDSL ---" line; ${EXAMPLES.markers}`,
      f.contentOffset,
    );
  else if (m.end === undefined)
    report.error(
      'missing-end-marker',
      `the block has no "# --- END AgenticDSL ---" line; ${EXAMPLES.markers}`,
      f.contentOffset + f.content.trimEnd().length,
    );
  if (m.outside !== undefined)
    report.warn(
      'outside-markers',
      'this line is outside the BEGIN/END markers and is ignored; move it between them',
      f.contentOffset + m.outside,
    );
  const block = parseYamlBlock(
    f.content.slice(m.yamlStart, m.yamlEnd),
    f.contentOffset + m.yamlStart,
    text,
    report,
  );
  if (!block) return undefined;
  const root = block.doc.contents;
  if (!isMap(root)) {
    report.error(
      'not-a-mapping',
      `the block must be a YAML mapping of fields (type: …, next: …); ${root ? 'found a list or a single value' : 'it is empty'}`,
      ...spanOf(block, root, f.contentOffset),
    );
    return undefined;
  }
  return { block, map: root, fields: block.value as Record<string, unknown> };
}

/** Records what one block declares. */
function classify(
  out: Declarations,
  headingPath: string,
  offset: number,
  place: Place,
  report: Reporter,
): void {
  const { fields, block } = place;
  const path = withoutSlash(headingPath);
  if ('graph_type' in fields || 'nodes' in fields)
    return void readContainer(out, path, offset, place, report);
  if (headingPath.endsWith('/'))
    report.warn(
      'trailing-slash',
      `a path ending in / declares a subgraph, but this block has no graph_type: subgraph; remove the / or write ${EXAMPLES.subgraph}`,
      offset,
      offset + headingPath.length,
    );
  const type = fields.type;
  if (type === undefined) {
    report.error(
      'missing-type',
      `\`${path}\` has no type; add one, e.g. ${EXAMPLES.llm_call} (types: start, end, assign, tool_call, llm_call, codelet_call, dynamic_next, codelet, resource), or declare a subgraph: ${EXAMPLES.subgraph}`,
      offset,
    );
    return;
  }
  if (typeof type !== 'string') {
    report.error(
      'bad-field',
      'type must be a word such as llm_call',
      ...spanOf(block, nodeAt(block, ['type'])),
    );
    return;
  }
  if (type === 'codelet') {
    const code = fields.code;
    if (!register(out, path, 'codelet', offset, report)) return;
    out.codelets.set(path, { path, place, offset, source: typeof code === 'string' ? code : '' });
  } else if (type === 'resource') {
    if (!register(out, path, 'resource', offset, report)) return;
    out.resources.push({ path, name: path.slice(path.lastIndexOf('/') + 1), place, offset });
  } else if (register(out, path, 'node', offset, report)) out.nodes.push({ path, type, place, offset });
}

function readContainer(
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

/** A reference written as a string value, or undefined (with an error) when it is not one. */
export function ref(
  block: YamlBlock,
  node: Node | undefined,
  value: unknown,
  field: string,
  report: Reporter,
): Ref | undefined {
  const [start, end] = spanOf(block, node);
  if (typeof value === 'string' && value) return { text: value, start, end };
  report.error(
    'bad-field',
    `${field} must name a node, e.g. ${field}: ask_user or ${field}: /main/ask_user`,
    start,
    end,
  );
  return undefined;
}

/** Registers a path; a second declaration of the same path is an error. */
function register(
  out: Declarations,
  path: string,
  kind: DeclKind,
  offset: number,
  report: Reporter,
): boolean {
  const first = out.paths.get(path);
  if (first) {
    const { line } = report.src.position(first.offset);
    report.error(
      'duplicate-id',
      `\`${path}\` is declared twice (first on line ${line}); give each node, subgraph and codelet its own path`,
      offset,
    );
    return false;
  }
  out.paths.set(path, { kind, offset });
  return true;
}

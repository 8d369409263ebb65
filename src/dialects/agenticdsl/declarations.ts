import { isMap } from 'yaml';
import { EXAMPLES } from './examples.js';
import { findMarkers } from './markers.js';
import { META_PATH, pathProblem, withoutSlash } from './paths.js';
import type { Reporter } from './reporter.js';
import type { DslBlock } from './scan.js';
import { nodeAt, parseYamlBlock, spanOf, type YamlHints } from '../kit/yaml-block.js';
import { readContainer } from './container.js';
import type { Declarations, Place } from './declaration-types.js';
import { register } from './declaration-refs.js';

const YAML_HINTS: YamlHints = {
  opens: /\{\{|\{%/,
  quote: 'a value that starts with {{ or {% must be quoted: key: "{{ var }}"',
  meant: 'an Inja expression',
  aliases: 'AgenticDSL blocks need no anchors (&) or aliases (*): write the value out',
};

export type * from './declaration-types.js';
export { ref } from './declaration-refs.js';

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
    YAML_HINTS,
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

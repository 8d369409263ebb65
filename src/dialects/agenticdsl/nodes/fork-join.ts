import { isMap, isSeq, type Node } from 'yaml';
import type { SourceRef } from '../../../ir/expr.js';
import type { AssignNode } from '../../../ir/nodes.js';
import type { Ref } from '../declarations.js';
import { spanOf } from '../../kit/yaml-block.js';
import type { NodeCompiler } from './compiled.js';

/**
 * `fork` (the engine's newer node type): its `branches` (`[{path: /main/a}, …]` or `[/main/a, …]`) run as
 * successors of the fork, next to its `next`; Skein runs them concurrently, each on its own context.
 */
export const compileFork: NodeCompiler = (fields, { report }) => {
  fields.checkKnown(['branches']);
  const node = fields.node('branches');
  const values = fields.values.branches;
  const branches: Ref[] = [];
  if (!isSeq(node) || !Array.isArray(values) || !values.length) {
    report.error(
      'missing-field',
      `fork node \`${fields.decl.path}\` needs branches, e.g. {type: fork, branches: [{path: /main/a}, {path: /main/b}], next: [join]}`,
      fields.decl.offset,
    );
    return {};
  }
  node.items.forEach((item, i) => {
    const value = values[i] as unknown;
    const pathNode = isMap(item) ? (item.get('path', true) as Node | undefined) : (item as Node);
    const path = typeof value === 'object' && value !== null ? (value as { path?: unknown }).path : value;
    const [start, end] = spanOf(fields.decl.place.block, pathNode ?? (item as Node));
    if (typeof path === 'string' && path.trim()) branches.push({ text: path.trim(), start, end });
    else report.error('bad-field', 'each branch names a node: {path: /main/a} or /main/a', start, end);
  });
  return { node: noop(fields.decl.path, report.ref(fields.decl.offset)), branches };
};

/** `join`: waits for the nodes its `wait_for` names (and its predecessors), then lets the flow on. */
export const compileJoin: NodeCompiler = (fields, { report }) => {
  fields.checkKnown([]);
  return { node: noop(fields.decl.path, report.ref(fields.decl.offset)) };
};

/** A node that does nothing and lets the flow through. */
export function noop(id: string, at?: SourceRef): AssignNode {
  return { kind: 'assign', id, ...(at ? { at } : {}), assignments: [] };
}

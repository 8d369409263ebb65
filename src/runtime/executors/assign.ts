import type { AssignNode } from '../../ir/nodes.js';
import type { Executor } from './executor.js';

/** Evaluates each assignment against the same context and writes it at its path. */
export const runAssign: Executor<AssignNode> = ({ node, scope }) => ({
  writes: node.assignments.map((a) => ({ path: a.path, value: a.value.evaluate(scope) })),
});

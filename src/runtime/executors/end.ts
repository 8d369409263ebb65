import type { EndNode } from '../../ir/nodes.js';
import type { Executor } from './executor.js';

/** Computes the run's output. */
export const runEnd: Executor<EndNode> = ({ node, scope }) => ({ output: node.output.evaluate(scope) });

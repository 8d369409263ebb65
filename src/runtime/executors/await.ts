import type { AwaitNode } from '../../ir/nodes.js';
import type { Executor } from './executor.js';

/** Pauses with the rendered message; on resume, the validated answer is the node's value. */
export const runAwait: Executor<AwaitNode> = ({ node, scope, resume }) => {
  if (resume !== undefined) return { value: resume };
  return { await: { step: node.id, message: node.message.render(scope), inputSchema: node.inputSchema } };
};

import type { CallNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import type { Executor } from './executor.js';

/**
 * Runs another skill, or a subgraph of this one, as a child run. Its output is this node's value; when
 * it pauses, this run pauses with the child's question, and the answer resumes the child.
 */
export const runCall: Executor<CallNode> = async ({ node, scope, resume, childRunId, children, signal }) => {
  const result =
    resume !== undefined && childRunId
      ? await children.resume(childRunId, resume, signal)
      : await children.start(node.target, node.input.evaluate(scope), signal);
  if (result.status === 'completed') return { value: result.output };
  if (result.status === 'awaiting')
    return {
      await: { ...result.await!, step: `${node.id}/${result.await!.step}` },
      childRunId: result.runId,
    };
  const what = 'skill' in node.target ? `skill ${node.target.skill}` : `subgraph ${node.target.graph}`;
  throw new RunFailure(
    'call_failed',
    `${what} failed${result.error?.step ? ` at step "${result.error.step}"` : ''}: ${result.error?.message}`,
    node.id,
  );
};

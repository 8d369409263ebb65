import type { CallNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import { failureValue } from '../failure-value.js';
import type { ChildResult, ChildRuns, Executor } from './executor.js';

/**
 * Runs another skill, or a subgraph of this one, as a child run. Its output is this node's value; when
 * it pauses, this run pauses with the child's question, and the answer resumes the child. With `each`,
 * one child run per element of the list (see `CallNode`).
 */
export const runCall: Executor<CallNode> = async ({ node, scope, resume, childRunId, children, signal }) => {
  if (node.each) return { value: await callEach(node, node.each, scope, children, signal) };
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
  throw childFailure(node, result);
};

/** One child run per element, at most `concurrency` at a time (0: all), results in element order. */
async function callEach(
  node: CallNode,
  each: NonNullable<CallNode['each']>,
  scope: Readonly<Record<string, unknown>>,
  children: ChildRuns,
  signal: AbortSignal,
): Promise<unknown[]> {
  const items = each.items.evaluate(scope);
  if (!Array.isArray(items))
    throw new RunFailure(
      'node_failed',
      `step "${node.id}" runs over a list, but got ${typeof items}`,
      node.id,
    );
  const results = new Array<unknown>(items.length);
  const limit = each.concurrency > 0 ? Math.min(each.concurrency, items.length) : items.length;
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal.aborted) {
      const i = next++;
      const input = node.input.evaluate({ ...scope, [each.as]: items[i] });
      try {
        const result = await children.start(node.target, input, signal);
        if (result.status === 'awaiting')
          throw new RunFailure(
            'node_failed',
            `step "${node.id}" runs over a list, and its call for element ${i} paused to ask "${result.await?.message}"; a step over a list cannot wait for a person`,
            node.id,
          );
        if (result.status === 'failed' && node.continueOnError)
          results[i] = failureValue(result.error?.message ?? 'the call failed');
        else if (result.status === 'failed') throw childFailure(node, result, i);
        else results[i] = result.output;
      } catch (e) {
        if (!node.continueOnError) throw e;
        results[i] = failureValue(e);
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  if (signal.aborted) throw signal.reason;
  return results;
}

function childFailure(node: CallNode, result: ChildResult, element?: number): RunFailure {
  const what = 'skill' in node.target ? `skill ${node.target.skill}` : `subgraph ${node.target.graph}`;
  const which = element === undefined ? '' : ` (element ${element})`;
  return new RunFailure(
    'call_failed',
    `${what}${which} failed${result.error?.step ? ` at step "${result.error.step}"` : ''}: ${result.error?.message}`,
    node.id,
  );
}

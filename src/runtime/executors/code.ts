import type { CodeNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import type { Executor } from './executor.js';

/** Runs code in the runner for its language. */
export const runCode: Executor<CodeNode> = async ({
  node,
  scope,
  signal,
  services,
  runId,
  children,
  emit,
}) => {
  const runner = services.code?.[node.code.language];
  if (!runner)
    throw new RunFailure(
      'code_runner_missing',
      `no runner for ${node.code.language} code is configured`,
      node.id,
    );
  const call = async (skill: string, input: unknown) => {
    const r = await children.start({ skill }, input, signal);
    if (r.status === 'completed') return r.output;
    if (r.status === 'awaiting')
      throw new RunFailure(
        'call_paused',
        `skill ${skill} paused for a person, which code cannot wait for`,
        node.id,
      );
    throw new RunFailure('call_failed', `skill ${skill} failed: ${r.error?.message}`, node.id);
  };
  return {
    value: await runner.run(node.code, node.input.evaluate(scope), {
      signal,
      timeoutMs: node.timeoutMs,
      runId,
      call,
      log: (text) => emit({ type: 'log', node: node.id, text }),
    }),
  };
};

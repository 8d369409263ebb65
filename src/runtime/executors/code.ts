import type { CodeNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import type { Executor } from './executor.js';

/** Runs code in the runner for its language. */
export const runCode: Executor<CodeNode> = async ({ node, scope, signal, services }) => {
  const runner = services.code?.[node.code.language];
  if (!runner) throw new RunFailure('code_runner_missing', `no runner for ${node.code.language} code is configured`, node.id);
  return { value: await runner.run(node.code, node.input.evaluate(scope), { signal, timeoutMs: node.timeoutMs }) };
};

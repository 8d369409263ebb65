import type { RouteNode } from '../../ir/nodes.js';
import { RunFailure } from '../errors.js';
import type { Executor } from './executor.js';

/** Runs the resolver and maps the names it returns to successors; unknown names use the fallback. */
export const runRoute: Executor<RouteNode> = async ({ node, scope, signal, services }) => {
  const runner = services.code?.[node.resolver.language];
  if (!runner)
    throw new RunFailure(
      'code_runner_missing',
      `no runner for ${node.resolver.language} code is configured`,
      node.id,
    );
  const answer = await runner.run(node.resolver, node.input.evaluate(scope), {
    signal,
    timeoutMs: node.timeoutMs,
  });
  const next = (answer as { next?: unknown } | null)?.next;
  const names = typeof next === 'string' ? [next] : Array.isArray(next) ? next.map(String) : [];
  const chosen = names.map((n) => node.targets[n]).filter((t): t is string => t !== undefined);
  if (chosen.length && chosen.length === names.length) return { chosen };
  if (node.fallback.length) return { chosen: node.fallback.slice() };
  throw new RunFailure(
    'route_unknown_target',
    `the resolver answered ${JSON.stringify(answer)}, which names no known successor (known: ${Object.keys(node.targets).join(', ')}) and there is no fallback`,
    node.id,
  );
};

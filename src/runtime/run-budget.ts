import type { Node } from '../ir/nodes.js';
import type { Budget } from '../ir/skill.js';
import { RunFailure } from './errors.js';

/** A run's limits on nodes, model calls and time, counted as the run goes. */
export class RunBudget {
  private executed = 0;
  private llmCalls = 0;
  /** Model nodes started whose call is not counted yet (made on first use): the max_llm_calls check counts both. */
  private llmPending: Set<Node> | undefined;
  private readonly startedAt = performance.now();

  constructor(private readonly budget: Budget | undefined) {}

  /** The failure that starting `node` now would cause, if any. */
  beforeStart(node: Node): RunFailure | undefined {
    const b = this.budget;
    if (!b) return undefined;
    if (b.maxNodes !== undefined && this.executed >= b.maxNodes)
      return new RunFailure(
        'budget_exceeded',
        `the run would execute more than ${b.maxNodes} nodes (max_nodes)`,
        node.id,
      );
    if (b.maxDurationMs !== undefined && performance.now() - this.startedAt > b.maxDurationMs)
      return new RunFailure(
        'budget_exceeded',
        `the run took longer than ${b.maxDurationMs} ms (max_duration)`,
        node.id,
      );
    if (
      node.kind === 'llm' &&
      b.maxLlmCalls !== undefined &&
      this.llmCalls + (this.llmPending?.size ?? 0) >= b.maxLlmCalls
    )
      return new RunFailure(
        'budget_exceeded',
        `the run would make more than ${b.maxLlmCalls} model calls (max_llm_calls)`,
        node.id,
      );
    return undefined;
  }

  /** Counts a node that starts. */
  start(node: Node): void {
    this.executed++;
    if (node.kind === 'llm') (this.llmPending ??= new Set()).add(node);
  }

  /** Forgets a model node's pending call once the node has ended. */
  nodeEnded(node: Node): void {
    this.llmPending?.delete(node);
  }

  /** Counts a model call made by `node`; the failure when it goes over the limit. */
  countLlmCall(node: Node): RunFailure | undefined {
    this.llmCalls++;
    this.llmPending?.delete(node);
    const max = this.budget?.maxLlmCalls;
    return max !== undefined && this.llmCalls > max
      ? new RunFailure(
          'budget_exceeded',
          `the run made more than ${max} model calls (max_llm_calls)`,
          node.id,
        )
      : undefined;
  }

  /** Starts the run-wide duration limit, which also stops nodes in flight; returns how to clear it. */
  startTimer(onExpire: (failure: RunFailure) => void): () => void {
    const maxMs = this.budget?.maxDurationMs;
    if (maxMs === undefined) return noTimer;
    const timer = setTimeout(
      () =>
        onExpire(new RunFailure('budget_exceeded', `the run took longer than ${maxMs} ms (max_duration)`)),
      maxMs,
    );
    return () => clearTimeout(timer);
  }
}

function noTimer(): void {}

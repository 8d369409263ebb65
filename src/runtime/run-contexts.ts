import { applyWrites, type Context } from './context.js';
import type { GraphPlan } from './graph-plan.js';
import type { NodeStatus } from './node-status.js';
import type { Write } from './ports/store.js';

/**
 * The context each node sees: the run's input plus the writes of its finished ancestors, applied in a
 * fixed topological order. A node with one predecessor reuses that predecessor's result, so a chain
 * passes its context along; a join merges, so parallel branches never see each other.
 */
export class RunContexts {
  private readonly after: (Context | undefined)[];

  constructor(
    private readonly plan: GraphPlan,
    private readonly initial: Context,
    private readonly status: readonly NodeStatus[],
    private readonly writes: readonly Write[][],
  ) {
    this.after = new Array(plan.nodes.length).fill(undefined);
  }

  /** The context node `i` runs with. */
  scopeFor(i: number): Context {
    const preds = this.plan.preds[i];
    if (preds.length === 0) return this.initial;
    if (preds.length === 1) return this.afterNode(preds[0]);
    const writes: Write[] = [];
    const mine = this.plan.ancestors[i];
    for (const a of this.plan.order) {
      if (a === i) break;
      if ((mine[a >> 5] & (1 << (a & 31))) !== 0 && this.status[a] === 'done')
        for (const w of this.writes[a]) writes.push(w);
    }
    return applyWrites(this.initial, writes);
  }

  /** The context after node `p` (its own writes applied), computed once. */
  private afterNode(p: number): Context {
    const cached = this.after[p];
    if (cached) return cached;
    const before = this.scopeFor(p);
    const scope = this.writes[p].length ? applyWrites(before, this.writes[p]) : before;
    this.after[p] = scope;
    return scope;
  }
}

import type { Node } from '../ir/nodes.js';
import { applyWrites, type Context } from './context.js';
import type { GraphPlan } from './graph-plan.js';
import type { NodeStatus } from './node-status.js';
import type { Write } from './ports/store.js';

/**
 * Node kinds whose executors only read their scope and never hand it on or keep it (a template or a
 * prompt renders text; an assignment's values, a tool's input are read from it; an await renders a
 * message): their scope may become their successor's.
 */
const KEEPS_NO_SCOPE: ReadonlySet<Node['kind']> = new Set(['template', 'assign', 'await', 'tool', 'llm']);

/**
 * The context each node sees: the run's input plus the writes of its finished ancestors, applied in a
 * fixed topological order. A node with one predecessor continues that predecessor's context; a join
 * merges, so parallel branches never see each other.
 *
 * A chain does not copy its context per step: a context this class made, that only one node reads and
 * that no node kept, takes the next node's writes in place (only its own keys; objects below them are
 * copied on write). A fan-out shares its context between branches, and a node that may keep its scope
 * (a tool, a model, code, an end) gets one nobody writes into again; both are copied on their next write.
 */
export class RunContexts {
  private readonly after: (Context | undefined)[];
  /**
   * Contexts made here that no other holder has seen: the only ones written in place. A Set, not a
   * WeakSet: it lives as long as the run, and a WeakSet per run costs the garbage collector more.
   */
  private readonly owned = new Set<Context>();

  constructor(
    private readonly plan: GraphPlan,
    private readonly initial: Context,
    private readonly status: readonly NodeStatus[],
    private readonly writes: readonly (readonly Write[])[],
  ) {
    this.after = new Array(plan.nodes.length).fill(undefined);
  }

  /** The context node `i` runs with; asking for it hands it to the node. */
  scopeFor(i: number): Context {
    const scope = this.before(i);
    if (!KEEPS_NO_SCOPE.has(this.plan.nodes[i].kind)) this.owned.delete(scope);
    return scope;
  }

  private before(i: number): Context {
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
    return this.made(applyWrites(this.initial, writes));
  }

  /**
   * The context after node `p` (its own writes applied), computed once. Walks up the chain of single
   * predecessors to the nearest known context (no recursion: a resumed chain may be thousands long).
   */
  private afterNode(p: number): Context {
    const known = this.after[p];
    if (known) return known;
    const chain: number[] = [];
    let top = p;
    while (!this.after[top] && this.plan.preds[top].length === 1) {
      chain.push(top);
      top = this.plan.preds[top][0];
    }
    let scope = this.after[top] ?? this.extend(top, this.before(top));
    for (let k = chain.length - 1; k >= 0; k--) scope = this.extend(chain[k], scope);
    return scope;
  }

  /** Records and returns the context after node `q`, given the one it ran with. */
  private extend(q: number, before: Context): Context {
    const writes = this.writes[q];
    // A context read by several successors is shared: none of them may write into it.
    if (this.plan.succs[q].length > 1) this.owned.delete(before);
    let scope = before;
    if (writes.length) {
      const inPlace = this.owned.has(before) && writes.every((w) => w.value !== before);
      scope = applyWrites(before, writes, inPlace);
      // In place, the predecessor's cached context is this one now: nobody reads it again (q was its
      // only successor, and q has its scope already).
      if (!inPlace) this.made(scope);
    }
    this.after[q] = scope;
    return scope;
  }

  private made(scope: Context): Context {
    this.owned.add(scope);
    return scope;
  }
}

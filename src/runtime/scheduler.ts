import type { GraphPlan } from './graph-plan.js';
import type { NodeStatus } from './node-status.js';
import type { NodeRecord } from './ports/store.js';

/**
 * Which node of a run may start next. Each node counts its predecessors not yet decided (done, skipped
 * or dead); when the count reaches zero the node is ready if one of them activated it (AND-join), and
 * dead otherwise, which decides it in turn. Ready nodes wait in a queue ordered by the graph's
 * topological order, so runs start their nodes in the same order every time. Each node is looked at
 * once per predecessor: a chain of n steps costs n, however its steps wake the loop.
 */
export class Scheduler {
  /** Where each node stands. */
  readonly status: NodeStatus[];
  /** For each finished route node, the successors it chose. */
  readonly chosen: (readonly string[] | undefined)[];
  /** A plain array, not an Int32Array: a typed array and its buffer cost more than a small graph's counts. */
  private readonly undecided: number[];
  /** Ready nodes, a binary min-heap by topological rank. */
  private readonly ready: number[] = [];

  constructor(
    private readonly plan: GraphPlan,
    /** Node records of an earlier part of the run: finished and skipped nodes are decided already. */
    records: readonly NodeRecord[],
  ) {
    const n = plan.nodes.length;
    this.status = new Array<NodeStatus>(n).fill('pending');
    this.chosen = new Array(n).fill(undefined);
    for (const r of records) {
      const i = plan.index.get(r.node);
      if (i === undefined || r.status === 'awaiting') continue;
      this.status[i] = r.status;
      this.chosen[i] = r.chosen;
    }
    this.undecided = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++)
      for (const p of plan.preds[i]) if (!isDecided(this.status[p])) this.undecided[i]++;
    // The nodes whose predecessors are all decided now (the entry, or where the records leave off), in
    // topological order; nodes they decide in turn are released by `releaseSuccessors`, never twice.
    const start = plan.order.filter((i) => this.status[i] === 'pending' && this.undecided[i] === 0);
    for (const i of start) if (this.release(i) === 'dead') this.releaseSuccessors(i);
  }

  /** The next ready node (it is `running` from now on), or undefined when none is ready. */
  next(): number | undefined {
    const i = this.pop();
    if (i !== undefined) this.status[i] = 'running';
    return i;
  }

  /** Records that node `i` finished (`done`, with a route's choice) or was skipped; its successors may become ready. */
  decide(i: number, status: 'done' | 'skipped', chosen?: readonly string[]): void {
    this.status[i] = status;
    this.chosen[i] = chosen;
    this.releaseSuccessors(i);
  }

  /** Marks a node that stopped undecided (`failed`, or `awaiting` a person): its successors never start. */
  stop(i: number, status: 'failed' | 'awaiting'): void {
    this.status[i] = status;
  }

  /** Lowers the counts of `i`'s successors; those that reach zero are released (iteratively: dead chains may be long). */
  private releaseSuccessors(first: number): void {
    const stack = [first];
    while (stack.length) {
      const i = stack.pop()!;
      for (const s of this.plan.succs[i])
        if (--this.undecided[s] === 0 && this.status[s] === 'pending' && this.release(s) === 'dead')
          stack.push(s);
    }
  }

  /** Queues a node whose predecessors are all decided, or marks it dead; says which. */
  private release(i: number): 'ready' | 'dead' {
    if (this.activated(i)) {
      this.push(i);
      return 'ready';
    }
    this.status[i] = 'dead';
    return 'dead';
  }

  /** Whether a decided predecessor leads to node `i` (the entry has none and is always activated). */
  private activated(i: number): boolean {
    const preds = this.plan.preds[i];
    if (!preds.length) return i === this.plan.entry;
    const id = this.plan.nodes[i].id;
    for (const p of preds) {
      const s = this.status[p];
      if (s === 'dead') continue;
      const route = this.chosen[p];
      if (s === 'done' && route && !route.includes(id)) continue;
      if (s === 'skipped' && this.plan.nodes[p].kind === 'route') continue;
      return true;
    }
    return false;
  }

  private push(i: number): void {
    const heap = this.ready;
    const rank = this.plan.rank;
    let k = heap.push(i) - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (rank[heap[parent]] <= rank[i]) break;
      heap[k] = heap[parent];
      k = parent;
    }
    heap[k] = i;
  }

  private pop(): number | undefined {
    const heap = this.ready;
    if (heap.length <= 1) return heap.pop();
    const rank = this.plan.rank;
    const top = heap[0];
    const last = heap.pop()!;
    let k = 0;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && rank[heap[child + 1]] < rank[heap[child]]) child++;
      if (rank[heap[child]] >= rank[last]) break;
      heap[k] = heap[child];
      k = child;
    }
    heap[k] = last;
    return top;
  }
}

function isDecided(s: NodeStatus): boolean {
  return s === 'done' || s === 'skipped' || s === 'dead';
}

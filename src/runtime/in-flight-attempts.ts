import type { Node } from '../ir/nodes.js';
import { RunFailure } from './errors.js';
import type { NodeOutcome } from './executors/index.js';

/**
 * The attempts of a run's nodes: each bounded by the node's timeout, all stopped at once when the run
 * halts. The stop signal is made only when an executor first reads it: most nodes never do, and an
 * AbortController with its listener costs as much as a whole node.
 */
export class InFlightAttempts {
  private controller: AbortController | undefined;
  private stopped = false;
  /** Why the run stopped, when it failed for a reason of its own (the store failed, a budget ran out). */
  private why: string | undefined;
  /** Attempts waiting on their executor, rejected at once when the run stops (made on first use). */
  private waiting: Map<(failure: RunFailure) => void, Node> | undefined;

  get halted(): boolean {
    return this.stopped;
  }

  /** The signal handed to executors: aborted when the run stops. */
  signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.stopped) this.controller.abort();
    }
    return this.controller.signal;
  }

  /**
   * Stops what is in flight: waiting attempts fail as cancelled (saying `why` the run stopped, when
   * given), and executors see their signal abort.
   */
  halt(why?: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.why = why;
    for (const [reject, node] of this.waiting ?? []) reject(this.stoppedFailure(node));
    // Without a controller no executor holds a signal, and the abort's DOMException is not made at all.
    this.controller?.abort();
  }

  /** One try of a node: `start` gets the attempt's own signal when the node has a timeout. */
  run(
    node: Node,
    start: (timeout: AbortSignal | undefined) => NodeOutcome | Promise<NodeOutcome>,
  ): Promise<NodeOutcome> {
    if (this.stopped) return Promise.reject(this.stoppedFailure(node));
    const timeout = node.timeoutMs
      ? AbortSignal.any([this.signal(), AbortSignal.timeout(node.timeoutMs)])
      : undefined;
    let work: Promise<NodeOutcome>;
    try {
      work = Promise.resolve(start(timeout));
    } catch (e) {
      return Promise.reject(e);
    }
    const waiting = (this.waiting ??= new Map());
    return new Promise<NodeOutcome>((resolve, reject) => {
      waiting.set(reject, node);
      if (!timeout) {
        work.then(resolve, reject).finally(() => waiting.delete(reject));
        return;
      }
      const timedOut = () => {
        if (!this.stopped)
          reject(
            new RunFailure('timeout', `step "${node.id}" timed out after ${node.timeoutMs} ms`, node.id),
          );
      };
      timeout.addEventListener('abort', timedOut, { once: true });
      work
        .then(resolve, reject)
        .finally(() => (waiting.delete(reject), timeout.removeEventListener('abort', timedOut)));
    });
  }

  private stoppedFailure(node: Node): RunFailure {
    const message = this.why
      ? `step "${node.id}" was stopped: ${this.why}`
      : `step "${node.id}" was cancelled`;
    return new RunFailure('cancelled', message, node.id);
  }
}

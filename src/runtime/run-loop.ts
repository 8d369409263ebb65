import type { Node } from '../ir/nodes.js';
import { callExecutor, type RunShared } from './node-attempt.js';
import type { Context } from './context.js';
import { nodeFailure, RunFailure } from './errors.js';
import { waitBeforeRetry } from './retry-wait.js';
import { failureValue } from './failure-value.js';
import { EPHEMERAL_EVENTS } from './events.js';
import type { NodeOutcome } from './executors/index.js';
import { planGraph, type GraphPlan } from './graph-plan.js';
import { RunBudget } from './run-budget.js';
import { InFlightAttempts } from './in-flight-attempts.js';
import { RunContexts } from './run-contexts.js';
import type { NodeRecord, Write } from './ports/store.js';
import { Scheduler } from './scheduler.js';
import { Committer } from './committer.js';
import { decide, isFinal, type Outcome } from './outcome.js';
import { nodeResult } from './node-result.js';
import { restoreRecords } from './restored-records.js';
import type { LoopOptions } from './loop-options.js';

/** Node kinds whose work reaches outside the run (tools, models, code, other runs). */
const EFFECTFUL: ReadonlySet<Node['kind']> = new Set(['tool', 'llm', 'code', 'call', 'agent']);

/**
 * Runs a skill's graph from wherever its records leave off, in three parts (ARCHITECTURE.md, "The run
 * loop"): the `Scheduler` says which node may start (AND-join; independent ready nodes run
 * concurrently), the `Committer` stores finished nodes and events at commit points, and this loop
 * starts nodes, turns what they produce into records and decides the run's one `Outcome`.
 *
 * A pure node (template, assign, route, end: no effect outside the run) is not stored on its own: if
 * the process dies, it is computed again on recovery, while a finished effect is never repeated. A
 * pure node (no retry or timeout) whose executor answers synchronously runs without a promise hop, and
 * a synchronous store keeps commits promise-free; anything asynchronous takes the promise path.
 */
export class RunLoop {
  private readonly plan: GraphPlan;
  private readonly scheduler: Scheduler;
  private readonly writes: (readonly Write[])[];
  private readonly contexts: RunContexts;
  private readonly budget: RunBudget;
  private readonly committer: Committer;
  /** The node that takes the person's answer, until it has taken it. */
  private answerAt: number | undefined;
  private readonly answer: unknown;
  private readonly childRun: ReadonlyMap<number, string> | undefined;
  /** How many nodes are on the promise path now. */
  private running = 0;
  /** Resumes `execute` after a node settles (one promise per wake-up, not a race over every running node). */
  private wake: (() => void) | undefined;
  private readonly shared: RunShared;
  private readonly attempts = new InFlightAttempts();
  private outcome: Outcome | undefined;
  /** An end node the stored records say finished (see `RestoredRecords`). */
  private readonly endedAt: number | undefined;

  constructor(private readonly o: LoopOptions) {
    this.committer = new Committer(o.services.store, o.runId, o.sink, (failure) => this.fail(failure));
    this.shared = {
      runId: o.runId,
      services: o.services,
      skillModel: o.skill.model,
      children: o.children,
      deltas: o.deltas,
      signal: () => this.attempts.signal(),
      report: (node, body) => {
        if (body.type === 'llm_usage') {
          const over = this.budget.countLlmCall(node);
          if (over) this.fail(over);
        }
        o.sink.emit(body);
        // Streamed-only events (deltas) are not stored.
        if (!EPHEMERAL_EVENTS.has(body.type)) this.committer.later();
      },
    };
    this.plan = planGraph(o.skill.graph!);
    const restored = restoreRecords(this.plan, o.records, o.resume);
    this.writes = restored.writes;
    this.childRun = restored.childRun;
    this.answerAt = restored.answerAt;
    this.answer = restored.answer;
    this.endedAt = restored.endedAt;
    this.scheduler = new Scheduler(this.plan, o.records);
    this.contexts = new RunContexts(this.plan, o.initial, this.scheduler.status, this.writes);
    this.budget = new RunBudget(o.skill.budget);
    o.signal?.addEventListener('abort', () => this.cancel(), { once: true });
  }

  /** Stops the run: it fails with code `cancelled`, and the calls in flight see their signal abort. */
  cancel(): void {
    this.fail(new RunFailure('cancelled', 'the run was cancelled'));
  }

  /** Runs until the graph completes, pauses or fails; the duration budget also stops nodes in flight. */
  async execute(): Promise<Outcome> {
    if (this.endedAt !== undefined) this.completeFromRecords(this.endedAt);
    const clearTimer = this.budget.startTimer((failure) => this.fail(failure));
    try {
      for (;;) {
        if (!this.outcome) this.startReady();
        if (this.committer.due) {
          // Nodes may settle while an asynchronous store commits: look for ready nodes again after it.
          const saved = this.committer.commit();
          if (saved) await saved;
          continue;
        }
        if (!this.running) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      clearTimer();
      this.committer.close();
    }
    const paused = this.outcome?.kind === 'awaiting' ? this.outcome.record : undefined;
    const saved = this.committer.commit(paused);
    if (saved) await saved;
    return (
      this.outcome ?? {
        kind: 'failed',
        error: { code: 'no_output', message: 'the run ended without reaching an end node' },
      }
    );
  }

  /** Completes the run with the output of an end node that finished before a crash, reporting nothing again. */
  private completeFromRecords(i: number): void {
    const node = this.plan.nodes[i];
    try {
      const outcome = callExecutor(
        this.shared,
        node,
        this.contexts.scopeFor(i),
        undefined,
        undefined,
        undefined,
      );
      if (!(outcome instanceof Promise) && 'output' in outcome)
        this.endRun({ kind: 'completed', output: outcome.output });
    } catch (e) {
      this.fail(nodeFailure(e, node));
    }
  }

  /** Starts ready nodes until none is ready or the run is decided; synchronous nodes release their successors at once. */
  private startReady(): void {
    for (let i = this.scheduler.next(); i !== undefined; i = this.outcome ? undefined : this.scheduler.next())
      this.launch(i);
  }

  private launch(i: number): void {
    const node = this.plan.nodes[i];
    const over = this.budget.beforeStart(node);
    if (over) return this.fail(over);
    const scope = this.contexts.scopeFor(i);
    if (node.guard && this.answerAt !== i) {
      let pass: boolean;
      try {
        pass = node.guard.test(scope);
      } catch (e) {
        return this.fail(nodeFailure(e, node));
      }
      if (!pass) {
        // A skip is pure: stored with the next commit point, decided again if the process dies first.
        this.o.sink.emit({ type: 'node_skipped', node: node.id, reason: 'guard' });
        this.committer.keep({ node: node.id, status: 'skipped', writes: [] }, false);
        this.scheduler.decide(i, 'skipped');
        return;
      }
    }
    this.budget.start(node);
    const pure = !EFFECTFUL.has(node.kind) && !node.retry && !node.timeoutMs;
    const work = pure ? this.runPure(i, node, scope) : this.runNode(i, node, scope);
    if (work) this.track(node, work);
  }

  private track(node: Node, work: Promise<void>): void {
    this.running++;
    void work
      .catch((e) => this.fail(nodeFailure(e, node)))
      .finally(() => {
        this.budget.nodeEnded(node);
        this.running--;
        this.wake?.();
      });
  }

  /** One attempt of a pure node, synchronous when its executor is. */
  private runPure(i: number, node: Node, scope: Context): void | Promise<void> {
    this.o.sink.nodeStarted(node.id, node.kind, 1);
    const t0 = performance.now();
    let outcome: NodeOutcome | Promise<NodeOutcome>;
    try {
      outcome = callExecutor(
        this.shared,
        node,
        scope,
        this.answerAt === i ? this.answer : undefined,
        this.childRun?.get(i),
        undefined,
      );
    } catch (e) {
      return this.failed(i, node, nodeFailure(e, node));
    }
    if (outcome instanceof Promise)
      return outcome.then(
        (o) => this.finish(i, node, o, Math.round(performance.now() - t0)),
        (e) => this.failed(i, node, nodeFailure(e, node)),
      );
    return this.finish(i, node, outcome, Math.round(performance.now() - t0));
  }

  /** A node with effects, a retry policy or a timeout: attempts on the promise path. */
  private async runNode(i: number, node: Node, scope: Context): Promise<void> {
    const attempts = 1 + (node.retry?.max ?? 0);
    for (let attempt = 1; ; attempt++) {
      this.o.sink.nodeStarted(node.id, node.kind, attempt);
      // A node that acts on the world is known to have started even if the process dies during it.
      if (EFFECTFUL.has(node.kind)) await this.committer.commit();
      const t0 = performance.now();
      try {
        const resume = this.answerAt === i ? this.answer : undefined;
        const child = this.childRun?.get(i);
        const outcome = await this.attempts.run(node, (timeout) =>
          callExecutor(this.shared, node, scope, resume, child, timeout),
        );
        return this.finish(i, node, outcome, Math.round(performance.now() - t0));
      } catch (e) {
        const failure = nodeFailure(e, node);
        const willRetry = attempt < attempts && !this.attempts.halted && failure.code !== 'cancelled';
        if (!willRetry) return this.failed(i, node, failure, attempt);
        this.o.sink.emit({ type: 'node_failed', node: node.id, error: failure.message, attempt, willRetry });
        await this.committer.commit();
        await waitBeforeRetry(node.retry!, attempt, this.attempts.signal());
      }
    }
  }

  /** Records a node's final failure and stops the run, unless the node continues on error. */
  private failed(i: number, node: Node, failure: RunFailure, attempt = 1): void | Promise<void> {
    if (node.continueOnError && failure.code !== 'cancelled' && !this.attempts.halted) {
      const text = `failed, and the run goes on (continueOnError): ${failure.message}`;
      this.o.sink.emit({ type: 'log', node: node.id, text });
      return this.finish(i, node, { value: failureValue(failure) }, 0);
    }
    this.scheduler.stop(i, 'failed');
    const error = failure.message;
    this.o.sink.emit({ type: 'node_failed', node: node.id, error, attempt, willRetry: false });
    this.fail(failure);
    return this.committer.commit();
  }

  /** Keeps a node's outcome for the next commit and releases its successors (or pauses the run). */
  private finish(i: number, node: Node, outcome: NodeOutcome, ms: number): void {
    if ('await' in outcome) {
      this.scheduler.stop(i, 'awaiting');
      const record: NodeRecord = { node: node.id, status: 'awaiting', writes: [] };
      if (outcome.childRunId) record.childRunId = outcome.childRunId;
      this.endRun({ kind: 'awaiting', request: outcome.await, record });
      this.o.sink.emit({ type: 'awaiting', request: outcome.await });
      return;
    }
    const { record, value } = nodeResult(node, outcome);
    // A node that took a person's answer is a commit point like one with effects: the answer is not lost.
    const answered = this.answerAt === i;
    if (answered) {
      this.o.sink.emit({ type: 'resumed', node: node.id, input: this.answer });
      this.answerAt = undefined;
    }
    this.o.sink.nodeFinished(node.id, node.kind, value, ms);
    this.committer.keep(record, answered || EFFECTFUL.has(node.kind));
    this.writes[i] = record.writes;
    this.scheduler.decide(i, 'done', record.chosen);
    if ('output' in outcome) this.endRun({ kind: 'completed', output: outcome.output });
  }

  /** Decides the run's outcome (a pause gives way to a later end); a final one stops what is in flight. */
  private endRun(next: Outcome): void {
    const o = (this.outcome = decide(this.outcome, next));
    // Steps stopped by a run that failed for a reason of its own (the store, a budget) say that reason.
    if (isFinal(o))
      this.attempts.halt(o.kind === 'failed' && o.error.code !== 'cancelled' ? o.error.message : undefined);
  }

  private fail(failure: RunFailure): void {
    this.endRun({ kind: 'failed', error: failure.toRunError() });
  }
}

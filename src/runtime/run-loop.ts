import type { Node, WriteTarget } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';
import { NodeAttempt, type RunShared } from './node-attempt.js';
import { writesFor, type Context } from './context.js';
import { nodeFailure, RunFailure } from './errors.js';
import { waitBeforeRetry } from './retry-wait.js';
import type { EventSink } from './event-sink.js';
import { failureValue } from './failure-value.js';
import { EPHEMERAL_EVENTS, type AwaitRequest, type RunError } from './events.js';
import { executors, type ChildRuns, type NodeOutcome } from './executors/index.js';
import { planGraph, type GraphPlan } from './graph-plan.js';
import type { NodeStatus } from './node-status.js';
import { RunBudget } from './run-budget.js';
import { InFlightAttempts } from './in-flight-attempts.js';
import { RunContexts } from './run-contexts.js';
import type { RuntimeServices } from './services.js';
import type { NodeRecord, Write } from './ports/store.js';

/** Node kinds whose work reaches outside the run (tools, models, code, other runs). */
const EFFECTFUL: ReadonlySet<Node['kind']> = new Set(['tool', 'llm', 'code', 'call', 'agent']);

export type LoopResult =
  | { kind: 'completed'; output: unknown }
  /** `node` is the node of this run that waits; `request.step` may name a step inside a child run. */
  | { kind: 'awaiting'; request: AwaitRequest; node: string }
  | { kind: 'failed'; error: RunError };

export interface LoopOptions {
  skill: Skill;
  runId: string;
  services: RuntimeServices;
  initial: Context;
  sink: EventSink;
  /** Nodes already finished (from the store); they are never run again. */
  records: readonly NodeRecord[];
  /** The validated answer for the node that paused the run. */
  resume?: { node: string; input: unknown };
  children: ChildRuns;
  signal?: AbortSignal;
}

/**
 * Runs a skill's graph from wherever its records leave off. A node starts when every predecessor is
 * decided and at least one activated it (AND-join); independent ready nodes run concurrently.
 *
 * Durability at commit points: before a node with effects starts, after it finishes, when a node takes
 * a person's answer, at a pause and at the end, one transaction stores the records of every node
 * finished since the last commit and every event so far. A pure node (template, assign, route, end: no
 * effect outside the run) is not stored on its own: if the process dies, it is computed again on
 * recovery, while a finished effect is never repeated. A pure node (no retry or timeout) whose executor
 * answers synchronously is run without a promise hop; anything asynchronous takes the promise path.
 */
export class RunLoop {
  private readonly plan: GraphPlan;
  private readonly status: NodeStatus[];
  private readonly writes: Write[][];
  private readonly chosen: (string[] | undefined)[];
  private readonly contexts: RunContexts;
  private readonly budget: RunBudget;
  private readonly resumeInput = new Map<number, unknown>();
  private readonly childRun = new Map<number, string>();
  private readonly running = new Map<number, Promise<void>>();
  /** Resumes `execute` after a node settles (one promise per wake-up, not a race over every running node). */
  private wake: (() => void) | undefined;
  private readonly shared: RunShared;
  private readonly attempts = new InFlightAttempts();
  private stop: LoopResult | undefined;
  private pause: AwaitRequest | undefined;
  private pauseRecord: NodeRecord | undefined;
  /** Records of nodes finished since the last commit point, stored with the next one. */
  private unsaved: NodeRecord[] = [];
  /**
   * A node with effects finished and its record waits in `unsaved`: committed before anything else
   * waits (by the next node with effects as it starts, in the same transaction, or at once after the
   * successors that are ready have started).
   */
  private mustCommit = false;
  /** What nodes report as they work is stored a moment later (with the node's own commit, if that comes first). */
  private reported: NodeJS.Immediate | undefined;
  /**
   * An end node the stored records say finished: the process that ran it died after committing it and
   * before marking the run completed. The run completes from its records, the output computed again.
   */
  private endedAt: number | undefined;

  constructor(private readonly o: LoopOptions) {
    this.shared = {
      runId: o.runId,
      services: o.services,
      skillModel: o.skill.model,
      children: o.children,
      signal: () => this.attempts.signal(),
      report: (node, body) => {
        if (body.type === 'llm_usage') {
          const over = this.budget.countLlmCall(node);
          if (over) this.fail(over);
        }
        o.sink.emit(body);
        // What a node reports while it works (a tool call, a log line) is stored at once, so readers
        // of the store follow a long step as it goes; streamed-only events (deltas) are not stored.
        if (!EPHEMERAL_EVENTS.has(body.type)) this.reported ??= setImmediate(() => this.storeNow());
      },
    };
    this.plan = planGraph(o.skill.graph!);
    const n = this.plan.nodes.length;
    this.status = new Array<NodeStatus>(n).fill('pending');
    this.writes = Array.from({ length: n }, () => []);
    this.chosen = new Array(n).fill(undefined);
    this.contexts = new RunContexts(this.plan, o.initial, this.status, this.writes);
    this.budget = new RunBudget(o.skill.budget);
    for (const r of o.records) {
      const i = this.indexOf(r.node, `the stored run has node "${r.node}", which the skill no longer has`);
      if (r.status === 'awaiting') {
        if (r.childRunId) this.childRun.set(i, r.childRunId);
        continue;
      }
      this.status[i] = r.status;
      this.writes[i] = r.writes;
      this.chosen[i] = r.chosen;
      if (r.status === 'done' && this.plan.nodes[i].kind === 'end') this.endedAt ??= i;
    }
    if (o.resume)
      this.resumeInput.set(
        this.indexOf(o.resume.node, `the run paused at "${o.resume.node}", which the skill no longer has`),
        o.resume.input,
      );
    o.signal?.addEventListener('abort', () => this.cancel(), { once: true });
  }

  /** Stops the run: it fails with code `cancelled`, and the calls in flight see their signal abort. */
  cancel(): void {
    this.fail(new RunFailure('cancelled', 'the run was cancelled'));
  }

  /** Runs until the graph completes, pauses or fails; the duration budget also stops nodes in flight. */
  async execute(): Promise<LoopResult> {
    if (this.endedAt !== undefined) this.completeFromRecords(this.endedAt);
    const clearTimer = this.budget.startTimer((failure) => this.fail(failure));
    try {
      for (;;) {
        if (!this.stop && !this.pause) this.startReady();
        if (this.mustCommit) {
          // Nodes may settle while an asynchronous store commits: look for ready nodes again after it.
          await this.commitOrFail();
          continue;
        }
        if (!this.running.size) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      clearTimer();
      clearImmediate(this.reported);
    }
    if (this.pause && !this.stop) {
      const record = this.pauseRecord!;
      await this.commit(record);
      return { kind: 'awaiting', request: this.pause, node: record.node };
    }
    if (this.unsaved.length) await this.commit();
    return (
      this.stop ?? {
        kind: 'failed',
        error: { code: 'no_output', message: 'the run ended without reaching an end node' },
      }
    );
  }

  /** Completes the run with the output of an end node that finished before a crash, reporting nothing again. */
  private completeFromRecords(i: number): void {
    const node = this.plan.nodes[i];
    try {
      const outcome = this.execute1(node, this.contexts.scopeFor(i), undefined, undefined, undefined);
      if (!(outcome instanceof Promise) && 'output' in outcome)
        this.stop = { kind: 'completed', output: outcome.output };
    } catch (e) {
      this.fail(nodeFailure(e, node));
    }
  }

  /**
   * A commit point: the records of the nodes finished since the last one, `record` too, and every event
   * emitted so far, in one transaction.
   */
  private commit(record?: NodeRecord): void | Promise<void> {
    const records = this.unsaved;
    this.unsaved = [];
    this.mustCommit = false;
    if (record) records.push(record);
    return this.o.services.store.saveNodes(this.o.runId, records, this.o.sink.take());
  }

  /** Commits what finished nodes left; a store that fails fails the run. */
  private async commitOrFail(): Promise<void> {
    try {
      await this.commit();
    } catch (e) {
      this.fail(new RunFailure('store_failed', `the run store failed: ${(e as Error).message}`));
    }
  }

  /** Stores what a node reported now; a failure here shows again at the node's own commit. */
  private storeNow(): void {
    this.reported = undefined;
    try {
      const saved = this.commit();
      if (saved) saved.catch(() => {});
    } catch {
      // The node's record is saved next: a store that fails fails the run there.
    }
  }

  private indexOf(id: string, message: string): number {
    const i = this.plan.index.get(id);
    if (i === undefined) throw new RunFailure('skill_changed', message);
    return i;
  }

  /** Starts every ready node; nodes that finish synchronously let their successors start in the same pass. */
  private startReady(): void {
    let changed = true;
    while (changed) {
      changed = false;
      for (const i of this.plan.order) {
        if (this.status[i] !== 'pending') continue;
        const state = this.readiness(i);
        if (state === 'wait') continue;
        if (state === 'dead') this.status[i] = 'dead';
        else this.launch(i);
        if (this.stop || this.pause) return;
        // A node that finished (or was skipped) synchronously may have made successors ready.
        if ((this.status[i] as NodeStatus) !== 'running') changed = true;
      }
    }
  }

  /** `run` when every predecessor is decided and one activated this node, `dead` when none did. */
  private readiness(i: number): 'run' | 'dead' | 'wait' {
    const preds = this.plan.preds[i];
    if (!preds.length) return i === this.plan.entry ? 'run' : 'dead';
    let active = false;
    for (const p of preds) {
      const s = this.status[p];
      if (s === 'pending' || s === 'running' || s === 'awaiting' || s === 'failed') return 'wait';
      if (s === 'dead') continue;
      const route = this.chosen[p];
      if (s === 'done' && route && !route.includes(this.plan.nodes[i].id)) continue;
      if (s === 'skipped' && this.plan.nodes[p].kind === 'route') continue;
      active = true;
    }
    return active ? 'run' : 'dead';
  }

  private launch(i: number): void {
    const node = this.plan.nodes[i];
    const over = this.budget.beforeStart(node);
    if (over) return this.fail(over);
    const scope = this.contexts.scopeFor(i);
    this.status[i] = 'running';
    if (node.guard && !this.resumeInput.has(i)) {
      let pass: boolean;
      try {
        pass = node.guard.test(scope);
      } catch (e) {
        return this.fail(nodeFailure(e, node));
      }
      if (!pass) {
        // A skip is pure: stored with the next commit point, decided again if the process dies first.
        this.o.sink.emit({ type: 'node_skipped', node: node.id, reason: 'guard' });
        this.unsaved.push({ node: node.id, status: 'skipped', writes: [] });
        this.status[i] = 'skipped';
        return;
      }
    }
    this.budget.start(node);
    const pure = !EFFECTFUL.has(node.kind) && !node.retry && !node.timeoutMs;
    const work = pure ? this.runPure(i, node, scope) : this.runNode(i, node, scope);
    if (work) this.track(i, work);
  }

  private track(i: number, work: Promise<void>): void {
    const node = this.plan.nodes[i];
    const p = work
      .catch((e) => this.fail(nodeFailure(e, node)))
      .finally(() => {
        this.budget.settle(node);
        this.running.delete(i);
        this.wake?.();
      });
    this.running.set(i, p);
  }

  /** One attempt of a pure node, synchronous when its executor and the store are. */
  private runPure(i: number, node: Node, scope: Context): void | Promise<void> {
    this.o.sink.emit({ type: 'node_started', node: node.id, kind: node.kind, attempt: 1 });
    const t0 = performance.now();
    let outcome: NodeOutcome | Promise<NodeOutcome>;
    try {
      outcome = this.execute1(node, scope, this.resumeInput.get(i), this.childRun.get(i), undefined);
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
      this.o.sink.emit({ type: 'node_started', node: node.id, kind: node.kind, attempt });
      // A node that acts on the world is known to have started even if the process dies during it.
      if (EFFECTFUL.has(node.kind)) await this.commit();
      const t0 = performance.now();
      try {
        const resume = this.resumeInput.get(i);
        const child = this.childRun.get(i);
        const outcome = await this.attempts.run(node, (timeout) =>
          this.execute1(node, scope, resume, child, timeout),
        );
        return await this.finish(i, node, outcome, Math.round(performance.now() - t0));
      } catch (e) {
        const failure = nodeFailure(e, node);
        const willRetry = attempt < attempts && !this.attempts.halted && failure.code !== 'cancelled';
        if (!willRetry) return this.failed(i, node, failure, attempt);
        this.o.sink.emit({ type: 'node_failed', node: node.id, error: failure.message, attempt, willRetry });
        await this.commit();
        await waitBeforeRetry(node.retry!, attempt, this.attempts.signal());
      }
    }
  }

  /** Calls the node's executor (its result may be a value or a promise). */
  private execute1(
    node: Node,
    scope: Context,
    resume: unknown,
    childRunId: string | undefined,
    timeout: AbortSignal | undefined,
  ): NodeOutcome | Promise<NodeOutcome> {
    const executor = executors[node.kind];
    if (!executor)
      throw new RunFailure(
        'unsupported_node',
        `node kind "${node.kind}" is not supported by this runtime`,
        node.id,
      );
    return executor(new NodeAttempt(this.shared, node, scope, resume, childRunId, timeout));
  }

  /** Records a node's final failure and stops the run, unless the node continues on error. */
  private failed(i: number, node: Node, failure: RunFailure, attempt = 1): void | Promise<void> {
    if (node.continueOnError && failure.code !== 'cancelled' && !this.attempts.halted) {
      this.o.sink.emit({
        type: 'log',
        node: node.id,
        text: `failed, and the run goes on (continueOnError): ${failure.message}`,
      });
      return this.finish(i, node, { value: failureValue(failure) }, 0);
    }
    this.status[i] = 'failed';
    this.o.sink.emit({
      type: 'node_failed',
      node: node.id,
      error: failure.message,
      attempt,
      willRetry: false,
    });
    this.fail(failure);
    return this.commit();
  }

  /** Stores a node's outcome; successors become ready once it is stored. */
  private finish(i: number, node: Node, outcome: NodeOutcome, ms: number): void | Promise<void> {
    if ('await' in outcome) {
      this.status[i] = 'awaiting';
      this.pause ??= outcome.await;
      this.pauseRecord = {
        node: node.id,
        status: 'awaiting',
        writes: [],
        ...(outcome.childRunId ? { childRunId: outcome.childRunId } : {}),
      };
      this.o.sink.emit({ type: 'awaiting', request: outcome.await });
      return;
    }
    let writes: Write[] = [];
    let value: unknown;
    if ('writes' in outcome) writes = outcome.writes;
    else if ('value' in outcome) {
      value = outcome.value;
      const target = writeTarget(node);
      if (target) writes = writesFor(target, value);
    } else if ('output' in outcome) value = outcome.output;
    const record: NodeRecord = { node: node.id, status: 'done', writes };
    if ('chosen' in outcome) {
      record.chosen = outcome.chosen;
      value = { next: outcome.chosen };
    }
    // A node that took a person's answer is a commit point like one with effects: the answer is not lost.
    const answered = this.resumeInput.has(i);
    if (answered) {
      this.o.sink.emit({ type: 'resumed', node: node.id, input: this.resumeInput.get(i) });
      this.resumeInput.delete(i);
    }
    this.o.sink.emit({ type: 'node_finished', node: node.id, kind: node.kind, value, ms });
    this.unsaved.push(record);
    if (answered || EFFECTFUL.has(node.kind)) this.mustCommit = true;
    this.settle(i, record, outcome);
  }

  private settle(i: number, record: NodeRecord, outcome: NodeOutcome): void {
    this.writes[i] = record.writes;
    this.chosen[i] = record.chosen;
    this.status[i] = 'done';
    if ('output' in outcome && !this.stop) {
      this.stop = { kind: 'completed', output: outcome.output };
      this.attempts.halt();
    }
  }

  private fail(failure: RunFailure): void {
    if (this.stop) return;
    this.stop = { kind: 'failed', error: failure.toRunError() };
    this.attempts.halt();
  }
}

/** Where a node's value goes, for the kinds that produce one. */
function writeTarget(node: Node): WriteTarget | undefined {
  return node.kind === 'end' || node.kind === 'assign' || node.kind === 'route' ? undefined : node.output;
}

import { EvalError } from '../ir/expr.js';
import type { Node, WriteTarget } from '../ir/nodes.js';
import type { Skill } from '../ir/skill.js';
import { AttemptRun, type RunShared } from './attempt-run.js';
import { applyWrites, writesFor, type Context } from './context.js';
import { RunFailure } from './errors.js';
import type { EventSink } from './event-sink.js';
import type { AwaitRequest, RunError } from './events.js';
import { executors, type ChildRuns, type NodeOutcome } from './executors/index.js';
import { planGraph, type GraphPlan } from './graph-plan.js';
import type { RuntimeServices } from './services.js';
import type { NodeRecord, Write } from './store.js';

type Status = 'pending' | 'running' | 'done' | 'skipped' | 'dead' | 'failed' | 'awaiting';

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
 * decided and at least one activated it (AND-join); independent ready nodes run concurrently. Each
 * finished node is stored before any successor starts. The context a node sees is the run's input plus
 * the writes of its finished ancestors, applied in a fixed topological order, so concurrent branches
 * never see each other and merge deterministically at a join.
 */
export class RunLoop {
  private readonly plan: GraphPlan;
  private readonly status: Status[];
  private readonly writes: Write[][];
  private readonly chosen: (string[] | undefined)[];
  private readonly after: (Context | undefined)[];
  private readonly resumeInput = new Map<number, unknown>();
  private readonly childRun = new Map<number, string>();
  private readonly running = new Map<number, Promise<void>>();
  /** Resumes `execute` after a node settles (one promise per wake-up, not a race over every running node). */
  private wake: (() => void) | undefined;
  /**
   * Aborted when the run stops early. Made when a node first reads its signal: most nodes (assign, end,
   * templates) never do, and an AbortController with its listener costs as much as a whole node.
   */
  private controller: AbortController | undefined;
  private readonly shared: RunShared;
  private halted = false;
  /** Attempts waiting on their executor, rejected at once when the run stops. */
  private readonly waiting = new Map<(failure: RunFailure) => void, Node>();
  private stop: LoopResult | undefined;
  private pause: AwaitRequest | undefined;
  private pauseRecord: NodeRecord | undefined;
  private llmCalls = 0;
  /** Model nodes started whose call is not counted in `llmCalls` yet: the max_llm_calls budget counts both. */
  private readonly llmPending = new Set<Node>();
  private executed = 0;
  private readonly started = performance.now();

  constructor(private readonly o: LoopOptions) {
    this.shared = {
      runId: o.runId,
      services: o.services,
      skillModel: o.skill.model,
      children: o.children,
      signal: () => this.signal(),
      report: (node, body) => {
        if (body.type === 'llm_usage') this.countLlmCall(node);
        o.sink.emit(body);
      },
    };
    this.plan = planGraph(o.skill.graph!);
    const n = this.plan.nodes.length;
    this.status = new Array<Status>(n).fill('pending');
    this.writes = Array.from({ length: n }, () => []);
    this.chosen = new Array(n).fill(undefined);
    this.after = new Array(n).fill(undefined);
    for (const r of o.records) {
      const i = this.plan.index.get(r.node);
      if (i === undefined)
        throw new RunFailure(
          'skill_changed',
          `the stored run has node "${r.node}", which the skill no longer has`,
        );
      if (r.status === 'awaiting') {
        if (r.childRunId) this.childRun.set(i, r.childRunId);
        continue;
      }
      this.status[i] = r.status;
      this.writes[i] = r.writes;
      this.chosen[i] = r.chosen;
    }
    if (o.resume) {
      const i = this.plan.index.get(o.resume.node);
      if (i === undefined)
        throw new RunFailure(
          'skill_changed',
          `the run paused at "${o.resume.node}", which the skill no longer has`,
        );
      this.resumeInput.set(i, o.resume.input);
    }
    o.signal?.addEventListener(
      'abort',
      () => this.fail(new RunFailure('cancelled', 'the run was cancelled')),
      { once: true },
    );
  }

  /** The signal handed to executors: aborted when the run stops. */
  private signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.halted) this.controller.abort();
    }
    return this.controller.signal;
  }

  /** Stops what is in flight: waiting attempts fail as cancelled, and executors see their signal abort. */
  private halt(): void {
    if (this.halted) return;
    this.halted = true;
    for (const [reject, node] of this.waiting)
      reject(new RunFailure('cancelled', `step "${node.id}" was cancelled`, node.id));
    // Without a controller no executor holds a signal, and the abort's DOMException is not made at all.
    this.controller?.abort();
  }

  /** Runs until the graph completes, pauses or fails; the duration budget also stops nodes in flight. */
  async execute(): Promise<LoopResult> {
    const maxMs = this.o.skill.budget?.maxDurationMs;
    const deadline =
      maxMs === undefined
        ? undefined
        : setTimeout(
            () =>
              this.fail(
                new RunFailure('budget_exceeded', `the run took longer than ${maxMs} ms (max_duration)`),
              ),
            maxMs,
          );
    try {
      for (;;) {
        if (!this.stop && !this.pause) this.startReady();
        if (!this.running.size) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      clearTimeout(deadline);
    }
    if (this.stop) return this.stop;
    if (this.pause) {
      await this.o.services.store.saveNode(
        this.o.runId,
        this.pauseRecord!,
        this.o.sink.take(this.pauseRecord!.node),
      );
      return { kind: 'awaiting', request: this.pause, node: this.pauseRecord!.node };
    }
    return {
      kind: 'failed',
      error: { code: 'no_output', message: 'the run ended without reaching an end node' },
    };
  }

  private startReady(): void {
    let changed = true;
    while (changed) {
      changed = false;
      for (const i of this.plan.order) {
        if (this.status[i] !== 'pending') continue;
        const state = this.readiness(i);
        if (state === 'wait') continue;
        if (state === 'dead') {
          this.status[i] = 'dead';
          changed = true;
          continue;
        }
        this.launch(i);
        if (this.stop || this.pause) return;
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
    const scope = this.scopeFor(i);
    const budget = this.o.skill.budget;
    if (budget?.maxNodes !== undefined && this.executed >= budget.maxNodes)
      return this.fail(
        new RunFailure(
          'budget_exceeded',
          `the run would execute more than ${budget.maxNodes} nodes (max_nodes)`,
          node.id,
        ),
      );
    if (budget?.maxDurationMs !== undefined && performance.now() - this.started > budget.maxDurationMs)
      return this.fail(
        new RunFailure(
          'budget_exceeded',
          `the run took longer than ${budget.maxDurationMs} ms (max_duration)`,
          node.id,
        ),
      );
    if (
      node.kind === 'llm' &&
      budget?.maxLlmCalls !== undefined &&
      this.llmCalls + this.llmPending.size >= budget.maxLlmCalls
    )
      return this.fail(
        new RunFailure(
          'budget_exceeded',
          `the run would make more than ${budget.maxLlmCalls} model calls (max_llm_calls)`,
          node.id,
        ),
      );
    if (node.guard && !this.resumeInput.has(i)) {
      let pass: boolean;
      try {
        pass = node.guard.test(scope);
      } catch (e) {
        return this.fail(asFailure(e, node));
      }
      if (!pass) {
        // Successors wait until the skip is stored, like after any finished node.
        this.status[i] = 'running';
        this.o.sink.emit({ type: 'node_skipped', node: node.id, reason: 'guard' });
        const record: NodeRecord = { node: node.id, status: 'skipped', writes: [] };
        this.track(
          i,
          this.o.services.store
            .saveNode(this.o.runId, record, this.o.sink.take(node.id))
            .then(() => void (this.status[i] = 'skipped')),
        );
        return;
      }
    }
    this.status[i] = 'running';
    this.executed++;
    if (node.kind === 'llm') {
      this.llmPending.add(node);
      this.track(
        i,
        this.runNode(i, node, scope).finally(() => this.llmPending.delete(node)),
      );
    } else this.track(i, this.runNode(i, node, scope));
  }

  private track(i: number, work: Promise<void>): void {
    const p = work
      .catch((e) => this.fail(asFailure(e, this.plan.nodes[i])))
      .finally(() => {
        this.running.delete(i);
        this.wake?.();
      });
    this.running.set(i, p);
  }

  private async runNode(i: number, node: Node, scope: Context): Promise<void> {
    const executor = executors[node.kind];
    if (!executor)
      throw new RunFailure(
        'unsupported_node',
        `node kind "${node.kind}" is not supported by this runtime`,
        node.id,
      );
    const attempts = 1 + (node.retry?.max ?? 0);
    for (let attempt = 1; ; attempt++) {
      this.o.sink.emit({ type: 'node_started', node: node.id, kind: node.kind, attempt });
      await this.o.services.store.appendEvents(this.o.sink.take(node.id));
      const t0 = performance.now();
      try {
        const outcome = await this.attempt(node, scope, this.resumeInput.get(i), this.childRun.get(i));
        return await this.finish(i, node, outcome, Math.round(performance.now() - t0));
      } catch (e) {
        const failure = asFailure(e, node);
        const willRetry = attempt < attempts && !this.halted && failure.code !== 'cancelled';
        this.o.sink.emit({ type: 'node_failed', node: node.id, error: failure.message, attempt, willRetry });
        await this.o.services.store.appendEvents(this.o.sink.take(node.id));
        if (!willRetry) throw failure;
        const base = node.retry!.delayMs * 2 ** (attempt - 1);
        await sleep(Math.min(base, node.retry!.maxDelayMs ?? 30_000), this.signal());
      }
    }
  }

  /** One try of a node, bounded by its timeout and by the run's cancellation. */
  private attempt(
    node: Node,
    scope: Context,
    resume: unknown,
    childRunId: string | undefined,
  ): Promise<NodeOutcome> {
    if (this.halted)
      return Promise.reject(new RunFailure('cancelled', `step "${node.id}" was cancelled`, node.id));
    const timeout = node.timeoutMs
      ? AbortSignal.any([this.signal(), AbortSignal.timeout(node.timeoutMs)])
      : undefined;
    const work = executors[node.kind]!(new AttemptRun(this.shared, node, scope, resume, childRunId, timeout));
    return new Promise<NodeOutcome>((resolve, reject) => {
      this.waiting.set(reject, node);
      if (!timeout) {
        work.then(resolve, reject).finally(() => this.waiting.delete(reject));
        return;
      }
      const timedOut = () => {
        if (!this.halted)
          reject(
            new RunFailure('timeout', `step "${node.id}" timed out after ${node.timeoutMs} ms`, node.id),
          );
      };
      timeout.addEventListener('abort', timedOut, { once: true });
      work
        .then(resolve, reject)
        .finally(() => (this.waiting.delete(reject), timeout.removeEventListener('abort', timedOut)));
    });
  }

  private countLlmCall(node: Node): void {
    this.llmCalls++;
    this.llmPending.delete(node);
    const max = this.o.skill.budget?.maxLlmCalls;
    if (max !== undefined && this.llmCalls > max)
      this.fail(
        new RunFailure(
          'budget_exceeded',
          `the run made more than ${max} model calls (max_llm_calls)`,
          node.id,
        ),
      );
  }

  private async finish(i: number, node: Node, outcome: NodeOutcome, ms: number): Promise<void> {
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
      this.chosen[i] = outcome.chosen;
      value = { next: outcome.chosen };
    }
    if (this.resumeInput.has(i)) {
      this.o.sink.emit({ type: 'resumed', node: node.id, input: this.resumeInput.get(i) });
      this.resumeInput.delete(i);
    }
    this.o.sink.emit({ type: 'node_finished', node: node.id, kind: node.kind, value, ms });
    await this.o.services.store.saveNode(this.o.runId, record, this.o.sink.take(node.id));
    this.writes[i] = writes;
    this.status[i] = 'done';
    if ('output' in outcome && !this.stop) {
      this.stop = { kind: 'completed', output: outcome.output };
      this.halt();
    }
  }

  private fail(failure: RunFailure): void {
    if (this.stop) return;
    this.stop = { kind: 'failed', error: failure.toRunError() };
    this.halt();
  }

  /** The context node `i` sees: its single predecessor's result, or a merge of all finished ancestors. */
  private scopeFor(i: number): Context {
    const preds = this.plan.preds[i];
    if (preds.length === 0) return this.o.initial;
    if (preds.length === 1) return this.afterNode(preds[0]);
    const writes: Write[] = [];
    for (const a of this.plan.order) {
      if (a === i) break;
      if ((this.plan.ancestors[i][a >> 5] & (1 << (a & 31))) !== 0 && this.status[a] === 'done')
        for (const w of this.writes[a]) writes.push(w);
    }
    return applyWrites(this.o.initial, writes);
  }

  private afterNode(p: number): Context {
    const cached = this.after[p];
    if (cached) return cached;
    const scope = this.writes[p].length ? applyWrites(this.scopeFor(p), this.writes[p]) : this.scopeFor(p);
    this.after[p] = scope;
    return scope;
  }
}

/** Where a node's value goes, for the kinds that produce one. */
function writeTarget(node: Node): WriteTarget | undefined {
  return node.kind === 'end' || node.kind === 'assign' || node.kind === 'route' ? undefined : node.output;
}

function asFailure(e: unknown, node: Node): RunFailure {
  if (e instanceof RunFailure) return e.step ? e : new RunFailure(e.code, e.message, node.id);
  const message = e instanceof Error ? e.message : String(e);
  const where = node.at && !(e instanceof EvalError) ? ` (${node.at.file}:${node.at.line})` : '';
  return new RunFailure('node_failed', `step "${node.id}"${where} failed: ${message}`, node.id);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

import type { Skill } from '../ir/skill.js';
import { checkAnswer, checkInput } from './run-input.js';
import { usesModel } from '../ir/needs-model.js';
import { missingModel } from './missing-model.js';
import { RunRefused, runNotFound } from './errors.js';
import { EventSink } from './event-sink.js';
import type { RunError, RunEventBody } from './events.js';
import { LEASE_MS, OWNER, ownerIsGone } from './lease.js';
import { subgraphSkill } from './subgraph.js';
import { crashedStep, lostAttempts } from './crashed-step.js';
import { moveRun } from './lifecycle.js';
import { refuseExpired } from './await-timeout.js';
import { recordOutcome, type RunResult } from './record-outcome.js';
import { DrivenRuns } from './driven-runs.js';
import type { RunOptions } from './run-options.js';
import type { RuntimeServices } from './services.js';
import type { NodeRecord, RunRecord } from './ports/store.js';
import { sourceOf } from '../ir/skill-files.js';
import { pinnedSkill } from './pinned-skill.js';
import { planUpgrade, type Upgrade } from './upgrade.js';
import { bothListeners, newRun, runStarted } from './new-run.js';
import { existingRun, heldRun, HeldEvents, startClaim } from './idempotency.js';
import { planFork, type ForkOptions } from './fork.js';
import { notAwaiting } from './not-awaiting.js';

export type { ForkOptions, RunOptions, RunResult };

/** A step in flight at this many deaths of the process driving its run fails the run (`worker_crashed`). */
export const MAX_CRASHES = 3;

/** Starts and resumes runs of skills over the services it is given. It never asks what dialect a skill is. */
export class Runtime {
  /** The runs this runtime is driving now, by id. */
  private readonly drivenRuns = new DrivenRuns(this);

  constructor(readonly services: RuntimeServices) {}

  /**
   * Cancels a run that has not ended, wherever it runs, and returns it (failed with code `cancelled`);
   * a run held by another live process is asked to stop and awaited up to `waitMs`.
   */
  cancel(runId: string, waitMs = 5000): Promise<RunRecord> {
    return this.drivenRuns.cancel(runId, waitMs);
  }

  /** Validates the input, records a new run and runs it until it completes, pauses or fails. */
  start(skill: Skill, input: unknown, options: RunOptions = {}): Promise<RunResult> {
    // Not async: one promise and frame fewer per run; a refused input still rejects, never throws.
    let run: RunRecord;
    try {
      run = newRun(skill, checkInput(skill, input, this.services.limits), options, OWNER);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    return this.launch(skill, run, [], [], options);
  }

  /**
   * Forks a run (docs/runtime.md, "Fork and replay"): a new run linked to it (`forkedFrom`) with its
   * records of the steps before `fork.from`, the edits applied, run from that step on the skill the
   * parent is pinned to (or, with `upgrade`, the newest compatible version) until it completes, pauses or fails.
   */
  async fork(runId: string, fork: ForkOptions, options: RunOptions = {}): Promise<RunResult> {
    const parent = await this.services.store.getRun(runId);
    if (!parent) throw runNotFound(runId);
    const plan = await planFork(this.services, parent, fork);
    const run = newRun(plan.skill, plan.input, options, OWNER);
    run.forkedFrom = { run: parent.id, step: plan.from };
    return this.launch(plan.skill, run, plan.records, plan.upgrade ? [plan.upgrade.event] : [], options);
  }

  /** Stores a new run (its first events, its `records`, its skill's files) and drives it. */
  private async launch(
    skill: Skill,
    run: RunRecord,
    records: NodeRecord[],
    first: RunEventBody[],
    options: RunOptions,
  ): Promise<RunResult> {
    const traced = this.services.tracer?.begin({
      runId: run.id,
      skill: skill.id,
      version: skill.version,
      dialect: skill.dialect,
      parentRunId: options.parentRunId,
    });
    const claim = startClaim(options, skill.id, run.input, this.services.idempotencyKeepMs);
    const listener = bothListeners(traced?.listener, options.onEvent);
    const held = claim && listener ? new HeldEvents(listener) : undefined;
    const sink = new EventSink(run.id, 0, held?.listener ?? listener);
    sink.emit(runStarted(skill, run, traced?.ref, options.trigger));
    for (const body of first) sink.emit(body);
    const store = this.services.store;
    const holder = await store.createRun(run, sink.take(), sourceOf(skill), claim);
    if (holder) {
      traced?.discard?.();
      return existingRun(store, heldRun(holder, claim!), options);
    }
    held?.release();
    if (records.length) await store.saveNodes(run.id, records, []);
    options.onCreated?.(run.id);
    // Only a skill with model steps waits for the check (which may load the model stack).
    const unconfigured = skill.graph!.nodes.some(usesModel)
      ? await missingModel(this.services, skill)
      : undefined;
    if (unconfigured)
      return recordOutcome(store, run.id, { kind: 'failed', error: unconfigured.toRunError() }, sink);
    return await this.drivenRuns.drive(skill, run, records, undefined, sink, options);
  }

  /**
   * Validates the input and records a new run that no process holds: a shared store queues it in the
   * same transaction, for a worker to `take`. Returns its id at once; with an idempotency key another
   * start holds, that start's run id (nothing is recorded).
   */
  async enqueue(
    skill: Skill,
    input: unknown,
    options: Pick<RunOptions, 'idempotencyKey' | 'webhook' | 'trigger'> = {},
  ): Promise<string> {
    const run = newRun(skill, checkInput(skill, input, this.services.limits), options, undefined);
    const claim = startClaim(options, skill.id, run.input, this.services.idempotencyKeepMs);
    const sink = new EventSink(run.id, 0, undefined);
    sink.emit(runStarted(skill, run, undefined, options.trigger));
    // Stored with the run, so the worker that takes it compiles these files, whatever the file says then.
    const holder = await this.services.store.createRun(run, sink.take(), sourceOf(skill), claim);
    return holder ? heldRun(holder, claim!) : run.id;
  }

  /**
   * Records a person's answer to a paused run for a worker to continue it (a shared store queues it in
   * the same transaction); refused as `resume` refuses it, and also when the run does not await.
   */
  async enqueueResume(runId: string, input: unknown): Promise<void> {
    const store = this.services.store;
    const run = await store.getRun(runId);
    if (!run) throw runNotFound(runId);
    if (run.status !== 'awaiting' || !run.awaiting) throw await notAwaiting(this.services.store, runId);
    await refuseExpired(this.services.store, run, this.services.awaitTimeoutMs);
    const answer = checkAnswer(run, input, this.services.limits);
    if (!(await moveRun(store, runId, 'answer', { awaiting: { ...run.awaiting, answer } })))
      throw await notAwaiting(this.services.store, runId);
  }

  /**
   * Drives a run a queue handed over, unless a live process holds it: a new one, an answered one, or one
   * whose process died (its step in flight runs again, unless that step was in flight at `MAX_CRASHES`
   * deaths: then the run fails with code `worker_crashed`). Undefined when it is not this process's to drive;
   * else `onClaimed` is told, with the dead owner when it is a takeover, before the run goes on.
   */
  async take(
    runId: string,
    options: RunOptions = {},
    onClaimed?: (from: string | undefined) => void,
  ): Promise<RunResult | undefined> {
    const store = this.services.store;
    const run = await store.getRun(runId);
    if (!run || run.status !== 'running' || run.parentRunId || !ownerIsGone(run.owner, run.leaseUntil))
      return undefined;
    const claim = { owner: OWNER, leaseUntil: Date.now() + LEASE_MS };
    if (!(await moveRun(store, runId, 'claim', claim, run.owner ?? null))) return undefined;
    onClaimed?.(run.owner);
    const answered = run.awaiting && 'answer' in run.awaiting ? run.awaiting : undefined;
    const resume = answered && { node: answered.node ?? answered.step, input: answered.answer };
    try {
      return await this.continueRun(run, resume, options, Boolean(run.owner));
    } catch (e) {
      // A run that cannot be continued here (its skill is gone, say) would wait for nobody: it fails.
      const error = {
        code: e instanceof RunRefused ? e.code : 'worker_failed',
        message: e instanceof Error ? e.message : String(e),
      };
      return this.failUndriven(runId, error);
    }
  }

  /**
   * Continues a run: one that awaits a person (with their answer, validated against the await's
   * schema), or one whose process died while running (without input). Anything else is refused.
   */
  async resume(runId: string, input: unknown, options: RunOptions = {}): Promise<RunResult> {
    const store = this.services.store;
    const run = await store.getRun(runId);
    if (!run) throw runNotFound(runId);
    const at = run.status === 'awaiting' ? (run.awaiting?.node ?? run.awaiting?.step) : undefined;
    const paused = at !== undefined;
    const dead = run.status === 'running' && !run.parentRunId && ownerIsGone(run.owner, run.leaseUntil);
    if (!paused && !dead) throw await notAwaiting(this.services.store, runId);
    if (paused) await refuseExpired(this.services.store, run, this.services.awaitTimeoutMs);
    if (paused && input === undefined)
      throw new RunRefused('input_required', `run ${runId} awaits an answer at step "${run.awaiting?.step}"`);
    if (dead && input !== undefined)
      throw new RunRefused(
        'not_awaiting',
        `run ${runId} is not awaiting an answer; its process stopped while running, so resume it without an answer`,
      );
    const answer = paused ? checkAnswer(run, input, this.services.limits) : undefined;
    const upgrade = options.upgrade
      ? await planUpgrade(
          this.services.skills,
          store,
          run,
          (await store.nodes(runId)).map((r) => r.node),
          paused ? { node: at, value: answer } : undefined,
        )
      : undefined;
    const held = { owner: OWNER, leaseUntil: Date.now() + LEASE_MS, ...(upgrade && { skill: upgrade.ref }) };
    const resume = paused ? { node: at, input: answer } : undefined;
    // The request is not held while the move commits, by the run or a local (a suspended call keeps all).
    run.awaiting = undefined;
    const moved = paused
      ? await moveRun(store, runId, 'answer', { ...held, awaiting: undefined })
      : await moveRun(store, runId, 'claim', held, run.owner ?? null);
    if (!moved) throw await notAwaiting(this.services.store, runId);
    return await this.continueRun(run, resume, options, run.status === 'running', upgrade);
  }

  /** Loads a run's skill and records and drives it on; a run whose process died may have crashed it. */
  private async continueRun(
    run: RunRecord,
    resume: { node: string; input: unknown } | undefined,
    options: RunOptions,
    recovered: boolean,
    upgrade?: Upgrade,
  ): Promise<RunResult> {
    const store = this.services.store;
    const runId = run.id;
    const skills = this.services.skills;
    if (!skills)
      throw new RunRefused(
        'skill_not_found',
        `cannot load ${run.skill.id}@${run.skill.version} to resume: no skill library configured`,
      );
    const { graph, ...ref } = run.skill;
    const { skill: loaded, changed } = upgrade
      ? { skill: upgrade.skill, changed: undefined }
      : await pinnedSkill(skills, store, ref);
    const skill = graph ? subgraphSkill(loaded, graph) : loaded;
    const events = await store.events(runId);
    const crashed = recovered ? crashedStep(events, MAX_CRASHES) : undefined;
    if (crashed)
      return this.failUndriven(
        runId,
        {
          code: 'worker_crashed',
          message: `step "${crashed.node}" was in flight each of the ${crashed.times} times the process driving the run stopped; it is not tried again`,
          step: crashed.node,
        },
        lostAttempts(events, false),
      );
    const first = events[0]?.type === 'run_started' ? events[0].trace : undefined;
    const traced = this.services.tracer?.begin({
      runId,
      skill: skill.id,
      version: skill.version,
      dialect: skill.dialect,
      parentRunId: run.parentRunId,
      ...(first ? { first } : {}),
    });
    const listener = bothListeners(traced?.listener, options.onEvent);
    const sink = new EventSink(runId, (events.at(-1)?.seq ?? -1) + 1, listener);
    if (changed) sink.emit({ type: 'skill_changed', ...changed });
    if (upgrade) sink.emit(upgrade.event);
    // Attempts the dead process left open are closed as lost; they are stored with the first commit.
    if (recovered) for (const lost of lostAttempts(events, true)) sink.emit(lost);
    const fresh = !events.some((e) => e.type === 'node_started');
    const unconfigured =
      fresh && skill.graph?.nodes.some(usesModel) ? await missingModel(this.services, skill) : undefined;
    if (unconfigured)
      return recordOutcome(
        this.services.store,
        runId,
        { kind: 'failed', error: unconfigured.toRunError() },
        sink,
      );
    return this.drivenRuns.drive(skill, run, await store.nodes(runId), resume, sink, { ...options, graph });
  }

  /** Fails a run this process holds but does not drive, after its last event and the events `closing` it. */
  private async failUndriven(
    runId: string,
    error: RunError,
    closing: RunEventBody[] = [],
  ): Promise<RunResult> {
    const last = (await this.services.store.events(runId)).at(-1)?.seq ?? -1;
    const sink = new EventSink(runId, last + 1, undefined);
    for (const body of closing) sink.emit(body);
    return recordOutcome(this.services.store, runId, { kind: 'failed', error }, sink);
  }
}

// A new run's record, its first event, and the one listener a run's events go to.
import type { Skill } from '../ir/skill.js';
import { isoNow } from './clock.js';
import type { RunListener } from './event-sink.js';
import { LEASE_MS } from './lease.js';
import { digestOf } from './pinned-skill.js';
import type { RunRecord, SkillRef } from './ports/store.js';
import type { RunOptions } from './run-options.js';
import type { RunEventBody, RunTrigger, TraceRef } from './events.js';
import { checkWebhook } from './run-input.js';
import { newRunId } from './run-id.js';

/** A new running run of `skill`, held by `owner` (none: for a worker to take). */
export function newRun(
  skill: Skill,
  input: unknown,
  options: RunOptions,
  owner: string | undefined,
): RunRecord {
  const now = isoNow();
  // Made field by field, not with spreads: a spread of a literal makes an object to throw away.
  const run: RunRecord = {
    id: newRunId(),
    skill: options.graph ? { ...refOf(skill), graph: options.graph } : refOf(skill),
    input,
    status: 'running',
    parentRunId: options.parentRunId,
    createdAt: now,
    updatedAt: now,
  };
  if (owner) {
    run.owner = owner;
    run.leaseUntil = Date.now() + LEASE_MS;
  }
  if (options.webhook !== undefined) run.webhook = checkWebhook(options.webhook);
  return run;
}

/** The first event of `run`: what it runs, with what, and where it is traced, forked from or triggered. */
export function runStarted(
  skill: Skill,
  run: RunRecord,
  trace: TraceRef | undefined,
  trigger: RunTrigger | undefined,
): RunEventBody {
  const event: RunEventBody & { type: 'run_started' } = {
    type: 'run_started',
    skill: skill.id,
    version: skill.version,
    input: run.input,
  };
  if (trace) event.trace = trace;
  if (run.forkedFrom) event.forkedFrom = run.forkedFrom;
  if (trigger) event.trigger = trigger;
  return event;
}

/** Each skill's reference, made once: every run of it shares it (no one writes into a run's reference). */
const refs = new WeakMap<Skill, SkillRef>();

function refOf(skill: Skill): SkillRef {
  let ref = refs.get(skill);
  if (!ref)
    refs.set(
      skill,
      (ref = { id: skill.id, version: skill.version, source: skill.source, ...digestOf(skill) }),
    );
  return ref;
}

/** One listener for the tracer's and the caller's, either of which may be absent. */
export function bothListeners(first?: RunListener, second?: RunListener): RunListener | undefined {
  if (!first) return second;
  if (!second) return first;
  return (event) => {
    first(event);
    second(event);
  };
}

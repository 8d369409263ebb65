// A new run's record, and the one listener a run's events go to.
import { randomUUID } from 'node:crypto';
import type { Skill } from '../ir/skill.js';
import { isoNow } from './clock.js';
import type { RunListener } from './event-sink.js';
import { LEASE_MS } from './lease.js';
import { digestOf } from './pinned-skill.js';
import type { RunRecord } from './ports/store.js';
import type { RunOptions } from './run-options.js';
import { checkWebhook } from './run-input.js';

/** A new running run of `skill`, held by `owner` (none: for a worker to take). */
export function newRun(
  skill: Skill,
  input: unknown,
  options: RunOptions,
  owner: string | undefined,
): RunRecord {
  const now = isoNow();
  return {
    id: randomUUID(),
    skill: {
      id: skill.id,
      version: skill.version,
      source: skill.source,
      ...(options.graph ? { graph: options.graph } : {}),
      ...digestOf(skill),
    },
    input,
    status: 'running',
    parentRunId: options.parentRunId,
    ...(owner ? { owner, leaseUntil: Date.now() + LEASE_MS } : {}),
    ...(options.webhook !== undefined ? { webhook: checkWebhook(options.webhook) } : {}),
    createdAt: now,
    updatedAt: now,
  };
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

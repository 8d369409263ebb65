// Idempotency keys of starts (docs/runtime.md, "Idempotency keys"): a repeated start with a key returns
// the run the first one made, and a start with the same key and other input is refused.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../schema/canonical-json.js';
import { RunRefused, runNotFound } from './errors.js';
import type { RunListener } from './event-sink.js';
import type { RunEvent } from './events.js';
import { followRun } from './follow-run.js';
import type { IdempotencyClaim, KeyHolder, RunStore } from './ports/store.js';
import { resultOf, type RunResult } from './record-outcome.js';
import type { RunOptions } from './run-options.js';

/** How long a key is kept when the configuration says nothing: 24 hours. */
export const DEFAULT_KEEP_MS = 24 * 60 * 60 * 1000;

/** The claim a start with a key makes, with the fingerprint of its skill id and (checked) input. */
export function keyClaim(
  key: string | undefined,
  skillId: string,
  input: unknown,
  keepMs = DEFAULT_KEEP_MS,
): IdempotencyClaim | undefined {
  if (key === undefined) return undefined;
  const fingerprint = createHash('sha256')
    .update(`${skillId}\0${canonicalJson(input ?? null)}`)
    .digest('hex');
  return { key, fingerprint, expiresAt: Date.now() + keepMs };
}

/** The run that holds a key, when the start that found it asked for the same skill and input; refused otherwise. */
export function heldRun(holder: KeyHolder, claim: IdempotencyClaim): string {
  if (holder.fingerprint !== claim.fingerprint)
    throw new RunRefused(
      'idempotency_conflict',
      `the idempotency key "${claim.key}" was used for run ${holder.runId} with another skill or input; a new start needs a new key`,
    );
  return holder.runId;
}

/**
 * The run a repeated start found, as `start` returns a run: once it is no longer running (followed in
 * the store); a run whose process stopped while it ran is refused, for `resume` to continue it.
 */
export async function existingRun(store: RunStore, runId: string, options: RunOptions): Promise<RunResult> {
  options.onCreated?.(runId);
  for await (const _ of followRun(store, runId, { pollMs: 50, signal: options.signal }));
  const run = await store.getRun(runId);
  if (!run) throw runNotFound(runId);
  if (run.status === 'running')
    throw new RunRefused(
      'run_busy',
      `run ${runId} of this idempotency key stopped while running, with its process; continue it with resume`,
    );
  return resultOf(run);
}

/**
 * Holds a keyed start's events until its run is stored as a new one: a start that finds the key held
 * tells its listeners nothing of the run it did not make.
 */
export class HeldEvents {
  private held: RunEvent[] | undefined = [];

  constructor(private readonly target: RunListener) {}

  readonly listener: RunListener = (event) => (this.held ? this.held.push(event) : this.target(event));

  /** Tells the held events, and from now on each as it comes. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const event of held) this.target(event);
  }
}

/** The key a start (not a child run's) claims with its run, when it was given one. */
export function startClaim(
  options: { parentRunId?: string; idempotencyKey?: string },
  skillId: string,
  input: unknown,
  keepMs?: number,
): IdempotencyClaim | undefined {
  return options.parentRunId ? undefined : keyClaim(options.idempotencyKey, skillId, input, keepMs);
}

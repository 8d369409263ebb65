import type { RunEvent } from '../../events.js';
import type { RunRecord } from '../store.js';

/** How a suite is registered: a name for its tests, and a reason to skip them (a database that is absent). */
export interface SuiteOptions {
  /** Names the implementation in the tests' titles, e.g. `postgres`. */
  name: string;
  /** When set, the suite's tests are registered as skipped with this reason. */
  skip?: string | false;
}

/** A running run of skill `s`, held by a process of another host (so no sweep takes it). */
export function runRecord(id: string, fields: Partial<RunRecord> = {}): RunRecord {
  const now = new Date().toISOString();
  return {
    id,
    skill: { id: 's', version: '1.0.0', source: '/x.md' },
    input: { a: 1 },
    status: 'running',
    owner: 'elsewhere:1:x',
    leaseUntil: Date.now() + 60_000,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

/** A `node_started` event of `node` at `seq`. */
export function startedEvent(runId: string, seq: number, node: string): RunEvent {
  return { runId, seq, at: new Date().toISOString(), type: 'node_started', node, kind: 'tool', attempt: 1 };
}

/** The seqs of events, to compare orders. */
export const seqs = (events: readonly RunEvent[]) => events.map((e) => e.seq);

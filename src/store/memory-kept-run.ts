import type { NodeRecord, RunEvent, RunRecord, RunStatus } from '../runtime/index.js';

// The memory store's runs: how one is kept, and the helpers over one.

/** A run as the store keeps it: its record once created, its node records and its events. */
export interface KeptRun {
  record: RunRecord | undefined;
  nodes: NodeRecord[];
  /** Where each node's record is in `nodes`, made once there are more than a few. */
  at: Map<string, number> | undefined;
  events: RunEvent[];
  /** Where it is in the order runs were created (-1 until the run is). */
  position: number;
  /** Its child runs' ids. */
  children: string[];
}

/** A run's entry before anything is kept in it. */
export function newKeptRun(): KeptRun {
  return { record: undefined, nodes: [], at: undefined, events: [], position: -1, children: [] };
}

/** Whether a status is one a run ends in. */
export function ended(status: RunStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** A run's nodes are scanned while few; an index is kept once there are more (a long chain's). */
const SCANNED_NODES = 16;

/** Where a node's record is in a run's `nodes` (-1: not there). */
export function indexOf(kept: KeptRun, node: string): number {
  if (kept.at) return kept.at.get(node) ?? -1;
  return kept.nodes.findIndex((r) => r.node === node);
}

/** Stores a node's record in place of an earlier one of the same node (an await answered), else at the end. */
export function setNode(kept: KeptRun, record: NodeRecord): void {
  const i = indexOf(kept, record.node);
  if (i >= 0) return void (kept.nodes[i] = record);
  kept.nodes.push(record);
  if (kept.at) kept.at.set(record.node, kept.nodes.length - 1);
  else if (kept.nodes.length > SCANNED_NODES) kept.at = new Map(kept.nodes.map((r, j) => [r.node, j]));
}

/** A stored run as callers get it: their own object, without the fields that are not set. */
export function copyOf(r: RunRecord): RunRecord {
  const copy: RunRecord = {
    id: r.id,
    skill: r.skill,
    input: r.input,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
  if (r.output !== undefined) copy.output = r.output;
  if (r.error !== undefined) copy.error = r.error;
  if (r.awaiting !== undefined) copy.awaiting = r.awaiting;
  if (r.parentRunId !== undefined) copy.parentRunId = r.parentRunId;
  if (r.owner !== undefined) copy.owner = r.owner;
  if (r.leaseUntil !== undefined) copy.leaseUntil = r.leaseUntil;
  if (r.webhook !== undefined) copy.webhook = r.webhook;
  if (r.forkedFrom !== undefined) copy.forkedFrom = r.forkedFrom;
  return copy;
}

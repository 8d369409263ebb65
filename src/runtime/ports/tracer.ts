import type { RunEvent, TraceRef } from '../events.js';

export type { TraceRef };

/** A part of a run that begins: its start, or a resume (after a pause or a crash). */
export interface RunSegment {
  runId: string;
  skill: string;
  version: string;
  dialect: string;
  /** The run that started this one (a `call` step's child run). */
  parentRunId?: string;
  /** Where the run's first part was traced; set for a resume. */
  first?: TraceRef;
}

/** A traced part of a run: the listener that turns its events into spans, and its ref for a first part. */
export interface TracedSegment {
  listener: (event: RunEvent) => void;
  ref?: TraceRef;
  /** Forgets a part that did not happen (a start whose idempotency key another run holds): nothing is exported. */
  discard?(): void;
}

/** Traces runs (src/trace implements it over OpenTelemetry); the runtime tells it where each part begins. */
export interface RunTracer {
  /** Begins a part of a run; its events then go to the listener returned. */
  begin(segment: RunSegment): TracedSegment;
}

import { isoNow } from './clock.js';
import { EPHEMERAL_EVENTS, type RunEvent, type RunEventBody } from './events.js';

export type RunListener = (event: RunEvent) => void;

/** Numbers a run's events, hands them to listeners at once, and keeps the storable ones for the store. */
export class EventSink {
  private pending: RunEvent[] = [];

  constructor(
    readonly runId: string,
    private seq: number,
    private readonly listener?: RunListener,
  ) {}

  /** Emits an event now (the body becomes the event); it is stored with the next flush unless it is ephemeral. */
  emit(body: RunEventBody): RunEvent {
    // The body is a fresh literal at every call site: it is stamped in place, not copied, and the
    // timestamp text is reused within a millisecond; both matter when a run takes microseconds.
    const event = body as RunEvent;
    event.runId = this.runId;
    event.seq = this.seq++;
    event.at = isoNow();
    if (!EPHEMERAL_EVENTS.has(body.type)) this.pending.push(event);
    this.tell(event);
    return event;
  }

  /**
   * Emits `node_started`, made whole here: every node emits it, and a body stamped in place grows its
   * shape three times (measured: most of a template step's cost in emitting).
   */
  nodeStarted(node: string, kind: string, attempt: number): void {
    const at = isoNow();
    const event: RunEvent = {
      type: 'node_started',
      node,
      kind,
      attempt,
      runId: this.runId,
      seq: this.seq++,
      at,
    };
    this.pending.push(event);
    this.tell(event);
  }

  /** Emits `node_finished`, made whole here like `nodeStarted`. */
  nodeFinished(node: string, kind: string, value: unknown, ms: number): void {
    const at = isoNow();
    const event: RunEvent = {
      type: 'node_finished',
      node,
      kind,
      value,
      ms,
      runId: this.runId,
      seq: this.seq++,
      at,
    };
    this.pending.push(event);
    this.tell(event);
  }

  private tell(event: RunEvent): void {
    try {
      this.listener?.(event);
    } catch {
      // A listener's failure (a closed terminal) must not break the run.
    }
  }

  /** Takes the events not yet stored, in `seq` order, so a reader following the log by `seq` never skips one. */
  take(): RunEvent[] {
    // A copy, and the same array emptied: a sink that outlived a garbage collection or two is in the
    // old generation, and each array it handed out would keep the events put into it after that alive
    // until the next full collection (measured: 5 MB more promoted over 10,000 runs paused, and as much resumed).
    const all = this.pending.slice();
    this.pending.length = 0;
    return all;
  }
}
